/// A place in the app that the login flow can send the user to.
public struct Route: RawRepresentable, Hashable, Sendable {
  /// The route's name, e.g. "loginSeg".
  public let rawValue: String

  /// Creates a route from its name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Where a successful login goes: the guideline's segue "loginSeg".
  public static let login = Route(rawValue: "loginSeg")
}

/// Moves the user between screens; the login flow only asks, the app decides how.
///
/// It stands where the guideline's view controller calls `performSegue(withIdentifier:sender:)`:
/// a protocol with a spy replaces the testable subclass (a partial mock) the guideline overrides.
@MainActor
public protocol Navigator: AnyObject {
  /// Shows the screen for `route`; `sender` is who asked, as a segue's sender.
  func navigate(to route: Route, sender: AnyObject?)
}
