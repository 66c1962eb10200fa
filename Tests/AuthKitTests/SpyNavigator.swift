import AuthKit

/// Records the routes it was asked to show and who asked.
///
/// It replaces the guideline's partial mock: a testable subclass of the view controller that
/// overrides `performSegue(withIdentifier:sender:)` to record the call instead of navigating.
final class SpyNavigator: Navigator {
  private(set) var routes: [Route] = []
  private(set) var senders: [AnyObject?] = []

  func navigate(to route: Route, sender: AnyObject?) {
    routes.append(route)
    senders.append(sender)
  }
}
