import AuthKit

/// Records the routes it was asked to show.
final class SpyNavigator: Navigator {
  private(set) var routes: [Route] = []

  func navigate(to route: Route) {
    routes.append(route)
  }
}
