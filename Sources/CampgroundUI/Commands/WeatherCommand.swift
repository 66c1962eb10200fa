import ArgumentParser
import WeatherKit

/// `campground weather`: one line on the weather at the campground, or near one of its places.
struct WeatherCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "weather",
    abstract: "Show the weather at the campground or near one of its places (Pirate Weather API).")

  @Option(parsing: .unconditional, help: "Latitude of the campground.") var latitude =
    CampgroundPlaces.office.latitude
  @Option(parsing: .unconditional, help: "Longitude of the campground.") var longitude =
    CampgroundPlaces.office.longitude
  @Option(
    help: ArgumentHelp(
      "A place of the campground: \(CampgroundPlaces.named.map(\.name).joined(separator: ", ")).",
      valueName: "place"))
  var near: String?
  @Option(help: "The Pirate Weather API key (default: $\(Environment.weatherAPIKey)).") var apiKey:
    String?

  func output(in context: CommandContext) async throws -> String {
    guard let key = apiKey ?? context.environment[Environment.weatherAPIKey], !key.isEmpty else {
      throw CampgroundUIError.missingAPIKey
    }
    var location = Coordinate(latitude: latitude, longitude: longitude)
    if let near {
      guard let place = CampgroundPlaces.coordinate(named: near) else {
        throw CampgroundUIError.unknownPlace(near, known: CampgroundPlaces.named.map(\.name))
      }
      location = place
    }
    let manager = LocationManager(
      locationFetcher: FixedLocationFetcher(coordinate: location),
      pointsOfInterest: CampgroundPlaces.named.map(\.coordinate))
    let service = WeatherService(
      locationManager: manager,
      weatherProvider: WeatherDataManager(
        baseURL: WeatherAPI.baseURL(apiKey: key), urlSession: context.urlSession,
        retry: context.retry))
    let (place, weather) = try await service.currentWeatherAndPlace()
    let line = try WeatherLine.render(weather)
    guard place.isPointOfInterest, let point = manager.pointOfInterest(near: place.coordinate),
      let name = CampgroundPlaces.name(of: point)
    else { return line }
    return "Near the \(name): \(line)"
  }
}
