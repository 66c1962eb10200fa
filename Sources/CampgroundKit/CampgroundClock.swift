import Foundation

/// The campground's clock: the time now, and the time zone its days are counted in.
///
/// Services that decide by the day take one (a stay may not start before today; the day an
/// instant falls on is the campground's, not UTC's), so a test passes a fixed clock and never
/// depends on the machine's time or zone.
public struct CampgroundClock: Sendable {
  /// The zone the campground's days are counted in.
  public let timeZone: TimeZone
  private let readNow: @Sendable () -> Date

  /// A clock in `timeZone` that reads the time from `now`.
  public init(timeZone: TimeZone, now: @escaping @Sendable () -> Date) {
    self.timeZone = timeZone
    readNow = now
  }

  /// This machine's clock, in this machine's time zone.
  public static var system: CampgroundClock {
    CampgroundClock(timeZone: .current, now: { Date() })
  }

  /// A clock that always reads `date`, in `timeZone`.
  public static func fixed(at date: Date, in timeZone: TimeZone) -> CampgroundClock {
    CampgroundClock(timeZone: timeZone, now: { date })
  }

  /// The time now.
  public var now: Date { readNow() }

  /// Today where the campground is, as a stored day (its UTC midnight).
  public var today: Date { day(of: now) }

  /// The campground's day `instant` falls on, as a stored day.
  public func day(of instant: Date) -> Date {
    CampgroundCalendar.day(of: instant, in: timeZone)
  }
}
