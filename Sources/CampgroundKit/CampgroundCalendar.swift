import Foundation

/// Days as the campground counts them, written `yyyy-MM-dd`. A stored day is the UTC midnight
/// that starts it (a date, not an instant); which day an instant falls on is decided where the
/// campground is (`day(of:in:)`).
public enum CampgroundCalendar {
  /// The Gregorian calendar in UTC that every reservation date uses.
  public static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0)!
    return calendar
  }()

  /// The start of the given day, or nil when the components are not a real date.
  public static func date(year: Int, month: Int, day: Int) -> Date? {
    let components = DateComponents(year: year, month: month, day: day)
    guard components.isValidDate(in: calendar) else { return nil }
    return calendar.date(from: components)
  }

  /// Parses `yyyy-MM-dd`; nil for anything else, including impossible dates.
  public static func date(from text: String) -> Date? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    return date(year: year, month: month, day: day)
  }

  /// Formats a date as the `yyyy-MM-dd` day it falls on.
  public static func string(from date: Date) -> String {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    let year = parts.year ?? 0
    let month = parts.month ?? 0
    let day = parts.day ?? 0
    return String(format: "%04d-%02d-%02d", year, month, day)
  }

  /// The day `instant` falls on in `timeZone` (the campground's), as the UTC midnight stored
  /// days use: 21:00 in Ontario is still that day there, though UTC has reached the next.
  /// (The instant moved by the zone's offset there falls, in UTC, on the zone's day.)
  public static func day(of instant: Date, in timeZone: TimeZone) -> Date {
    startOfDay(instant.addingTimeInterval(TimeInterval(timeZone.secondsFromGMT(for: instant))))
  }

  /// An instant inside `day` (a stored day) as the clocks in `timeZone` show it: noon there, so
  /// no offset or daylight-saving change moves it into another day; `day(of:in:)` gives `day`
  /// back. A day typed as `yyyy-MM-dd` becomes the instant a service cuts in the campground's zone.
  public static func noon(of day: Date, in timeZone: TimeZone) -> Date {
    let noonInUTC = startOfDay(day).addingTimeInterval(12 * 3_600)
    return noonInUTC.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: noonInUTC)))
  }

  /// The midnight that starts the day of `date`.
  public static func startOfDay(_ date: Date) -> Date {
    calendar.startOfDay(for: date)
  }

  /// The day `nights` nights after the day of `date`.
  public static func adding(nights: Int, to date: Date) -> Date {
    calendar.date(byAdding: .day, value: nights, to: startOfDay(date)) ?? date
  }
}
