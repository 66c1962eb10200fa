import CampgroundKit
import Foundation

/// A failure at the terminal edge, with a one-line message for the user.
public enum CampgroundUIError: Error, Equatable, Sendable {
  /// The reservation was refused, with the service's reason.
  case invalidReservation(String)
  /// No camper has this id.
  case unknownCamper(Int64)
  /// Signing in did not work, with the user-facing reason.
  case loginFailed(String)
  /// No ranger account exists yet for `login`.
  case missingAccount
  /// The password and its repetition differ.
  case passwordsDiffer
  /// `--near` named no place of the campground.
  case unknownPlace(String, known: [String])
  /// No weather API key was given.
  case missingAPIKey
  /// The input ended before the prompt got an answer.
  case missingInput(String)
  /// A password was asked for but standard input is not a terminal to type it unseen.
  case passwordNeedsTerminal
  /// `--password-file` could not be used, and why.
  case passwordFile(String, String)
  /// `$CAMPGROUND_TIME_ZONE` names no time zone.
  case unknownTimeZone(String)
}

extension CampgroundUIError: CustomStringConvertible {
  /// A one-line explanation of the failure.
  public var description: String {
    switch self {
    case .invalidReservation(let reason):
      return reason
    case .unknownCamper(let id):
      return "No camper with id \(id); list them with: campground campers"
    case .loginFailed(let reason):
      return "Login failed: \(reason)"
    case .missingAccount:
      return "No ranger account yet: add one with: campground ranger add --email EMAIL"
    case .passwordsDiffer:
      return "The two passwords differ; nothing was changed"
    case .unknownPlace(let name, let known):
      return
        "No place called '\(PlainText.escaped(name))'; the campground's places are \(known.joined(separator: ", "))"
    case .missingAPIKey:
      return "No weather API key: pass --api-key or set \(Environment.weatherAPIKey)"
    case .missingInput(let prompt):
      return "No input for \(prompt)"
    case .passwordNeedsTerminal:
      return
        "Standard input is not a terminal, so the password cannot be typed unseen; pass --password-file FILE (its first line; a file only you can read)"
    case .passwordFile(let path, let reason):
      return "The password file \(PlainText.escaped(path)) \(reason)"
    case .unknownTimeZone(let name):
      return
        "\(Environment.timeZone) is '\(PlainText.escaped(name))', which names no time zone; use a name such as America/Toronto"
    }
  }
}

extension CampgroundUIError: LocalizedError {
  /// The same one-line explanation, which ArgumentParser prints after "Error:".
  public var errorDescription: String? { description }
}
