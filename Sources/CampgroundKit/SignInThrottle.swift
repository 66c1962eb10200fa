import Foundation

/// How long sign-in waits after failed attempts, so a password cannot be guessed at speed.
///
/// Failures are counted twice, in the database (so a new terminal, or a script starting the
/// program again and again, meets the same count): for the email tried, and for every sign-in
/// together, so guessing across many emails is slowed too. The first failures are free (a
/// ranger mistypes); after them each failure doubles the wait, from 1 s up to `maximumWait`,
/// counted from the last failure. A right password clears its email's count; a count is
/// forgotten `forgetAfter` after its last failure.
public struct SignInThrottle: Equatable, Sendable {
  /// Failures for one email before sign-in for it waits.
  public var freeFailuresPerEmail: Int
  /// Failures of all sign-ins together before every sign-in waits.
  public var freeFailuresOverall: Int
  /// The longest wait, in seconds.
  public var maximumWait: TimeInterval
  /// How long after its last failure a count is forgotten, in seconds.
  public var forgetAfter: TimeInterval

  /// Creates a throttle.
  public init(
    freeFailuresPerEmail: Int, freeFailuresOverall: Int, maximumWait: TimeInterval,
    forgetAfter: TimeInterval
  ) {
    self.freeFailuresPerEmail = freeFailuresPerEmail
    self.freeFailuresOverall = freeFailuresOverall
    self.maximumWait = maximumWait
    self.forgetAfter = forgetAfter
  }

  /// The campground's: 5 failures per email and 50 in all before waiting, at most 15 minutes
  /// between tries, counts forgotten after a day.
  public static let standard = SignInThrottle(
    freeFailuresPerEmail: 5, freeFailuresOverall: 50, maximumWait: 15 * 60,
    forgetAfter: 24 * 60 * 60)

  /// The wait after `failures` failures of which `free` cost nothing: none below `free`, then
  /// 2^(failures - free) seconds, at most `maximumWait`.
  public func wait(afterFailures failures: Int, free: Int) -> TimeInterval {
    guard failures >= free else { return 0 }
    let doublings = failures - free
    // 2^10 s is already past 15 minutes; a shift of 63 or more would trap.
    guard doublings < 30 else { return maximumWait }
    return min(TimeInterval(1 << doublings), maximumWait)
  }
}
