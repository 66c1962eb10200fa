import Foundation

/// The error the reservation contract of our testing guideline names: domain "CampingManager".
///
/// A stay of zero, negative or too many nights still gives an (unsaved) reservation with status
/// `.invalid`, and this error beside it; read as an `NSError` it has the guideline's domain, code
/// 5 and user info `Problem` = "Invalid number of days".
public struct CampingManagerError: CustomNSError, Equatable, Sendable {
  /// The guideline's error codes.
  public enum Code: Int, Sendable {
    /// The number of nights is not a stay: 0 or fewer, or more than the longest stay.
    case invalidNumberOfDays = 5
  }

  /// The domain every `CampingManagerError` reports.
  public static let errorDomain = "CampingManager"
  /// The user-info key whose value names the problem.
  public static let problemKey = "Problem"

  /// What went wrong.
  public let code: Code
  /// The nights asked for.
  public let nights: Int

  /// Creates the error for a request of `nights` nights.
  public static func invalidNumberOfDays(_ nights: Int) -> CampingManagerError {
    CampingManagerError(code: .invalidNumberOfDays, nights: nights)
  }

  /// The problem in the guideline's words, e.g. "Invalid number of days".
  public var problem: String {
    switch code {
    case .invalidNumberOfDays: return "Invalid number of days"
    }
  }

  /// The code as `NSError` reports it.
  public var errorCode: Int { code.rawValue }

  /// `Problem` with the guideline's text, and a one-line description for the user.
  public var errorUserInfo: [String: Any] {
    [Self.problemKey: problem, NSLocalizedDescriptionKey: description]
  }
}

extension CampingManagerError: CustomStringConvertible {
  /// The problem, the nights asked for and the allowed range, in one line.
  public var description: String {
    "\(problem): \(nights) (a stay is 1 to \(ReservationService.maximumNights) nights)"
  }
}
