/// A place in the app that the login flow can send the user to.
public struct Route: RawRepresentable, Hashable, Sendable {
  /// The route's name, e.g. "login".
  public let rawValue: String

  /// Creates a route from its name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Where a successful login goes.
  public static let login = Route(rawValue: "login")
}

/// Moves the user between screens; the login flow only asks, the app decides how.
@MainActor
public protocol Navigator: AnyObject {
  /// Shows the screen for `route`.
  func navigate(to route: Route)
}
