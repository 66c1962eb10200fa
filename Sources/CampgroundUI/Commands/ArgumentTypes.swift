import ArgumentParser
import CampgroundKit
import Foundation

/// A `yyyy-MM-dd` day given on the command line.
struct Day: ExpressibleByArgument {
  /// The day, as stored days are: its UTC midnight.
  let date: Date

  init?(argument: String) {
    guard let date = CampgroundCalendar.date(from: argument) else { return nil }
    self.date = date
  }

  /// An instant of this day where the campground is (noon there), for services that cut
  /// instants into the campground's days.
  func instant(in clock: CampgroundClock) -> Date {
    CampgroundCalendar.noon(of: date, in: clock.timeZone)
  }

  static var defaultCompletionKind: CompletionKind { .default }
}

/// An amount of money given on the command line, such as `25` or `25.50`.
struct Amount: ExpressibleByArgument {
  let cents: Int

  init?(argument: String) {
    guard let cents = MoneyFormat.cents(from: argument) else { return nil }
    self.cents = cents
  }
}
