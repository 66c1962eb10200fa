import ArgumentParser
import WeatherKit

/// `campground weather`: one line on the weather at the campground.
struct WeatherCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "weather", abstract: "Show the weather at the campground (Pirate Weather API).")

  @Option(parsing: .unconditional, help: "Latitude of the campground.") var latitude = 45.5837
  @Option(parsing: .unconditional, help: "Longitude of the campground.") var longitude = -78.3585
  @Option(help: "The Pirate Weather API key (default: $\(Environment.weatherAPIKey)).") var apiKey:
    String?

  func output(in context: CommandContext) async throws -> String {
    guard let key = apiKey ?? context.environment[Environment.weatherAPIKey], !key.isEmpty else {
      throw CampgroundUIError.missingAPIKey
    }
    let campground = FixedLocationFetcher(
      coordinate: Coordinate(latitude: latitude, longitude: longitude))
    let service = WeatherService(
      locationManager: LocationManager(locationFetcher: campground),
      weatherProvider: WeatherDataManager(
        baseURL: WeatherAPI.baseURL(apiKey: key), urlSession: context.urlSession,
        retry: context.retry))
    return WeatherLine.render(try await service.currentWeather())
  }
}
