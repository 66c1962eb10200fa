import Foundation

extension Error {
  /// The most specific text of a Foundation error: its underlying error's when there is one.
  public var specificDescription: String {
    let nsError = self as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
      return underlying.localizedDescription
    }
    return nsError.localizedDescription
  }
}
