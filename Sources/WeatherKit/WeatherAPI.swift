import Foundation

/// Where the real forecasts come from.
public enum WeatherAPI {
  /// The Pirate Weather forecast endpoint for `apiKey`; coordinates are appended to it.
  public static func baseURL(apiKey: String) -> URL {
    let unreserved = CharacterSet(
      charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    let key = apiKey.addingPercentEncoding(withAllowedCharacters: unreserved) ?? apiKey
    return URL(string: "https://api.pirateweather.net/forecast/\(key)")!
  }
}
