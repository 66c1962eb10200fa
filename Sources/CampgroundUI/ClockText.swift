import CampgroundKit
import Foundation

/// Instants as the terminal shows them: in UTC, to the minute, said so.
enum ClockText {
  /// `yyyy-MM-dd HH:mm UTC`.
  static func utc(_ date: Date) -> String {
    let parts = CampgroundCalendar.calendar.dateComponents([.hour, .minute], from: date)
    let clock = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    return "\(CampgroundCalendar.string(from: date)) \(clock) UTC"
  }
}
