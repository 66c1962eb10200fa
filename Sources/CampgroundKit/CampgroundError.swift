import Foundation

/// A failure of a campground service, with a one-line description for the user.
public enum CampgroundError: Error, Equatable, Sendable {
  /// The camper's full name is empty.
  case emptyName
  /// The camper's phone number is empty.
  case emptyPhoneNumber
  /// A camper with the same name and phone number is already registered.
  case duplicateCamper(fullName: String, phoneNumber: String)
  /// No camper has this id.
  case camperNotFound(id: Int64)
  /// Site numbers run from 1 to `CampSiteService.allowedSiteNumbers.upperBound`.
  case invalidSiteNumber(Int)
  /// A nightly rate is 0.00 to `CampSiteService.maximumRateCents`.
  case rateOutOfRange(cents: Int)
  /// A site with this number already exists.
  case duplicateSite(number: Int)
  /// No site has this number.
  case siteNotFound(number: Int)
  /// The site is booked on at least one of the requested nights.
  case siteUnavailable(number: Int, from: Date, nights: Int)
  /// The site still has standing reservations, so it cannot be deleted.
  case siteHasReservations(number: Int, count: Int)
  /// Campers paid for reservations of the site: their records are kept, so it cannot be deleted.
  case siteHasPaidReservations(number: Int, count: Int)
  /// No reservation has this id.
  case reservationNotFound(id: Int64)
  /// The reservation was cancelled, so it cannot change any more.
  case reservationCancelled(id: Int64)
  /// The end of a date range is not after its start.
  case invalidDateRange(from: Date, to: Date)
  /// A payment must be a positive amount.
  case invalidPayment(cents: Int)
  /// The payment is larger than what is still due.
  case overpayment(cents: Int, balanceCents: Int)
  /// A price does not fit in the amounts the campground can record.
  case amountTooLarge
  /// The command needs a signed-in ranger, and none is.
  case notSignedIn
  /// A ranger's email needs an `@`.
  case invalidRangerEmail(String)
  /// A ranger's password is shorter than the minimum.
  case passwordTooShort(minimum: Int)
  /// A ranger with this email already has an account.
  case rangerExists(String)
  /// The database file could not be opened or migrated.
  case cannotOpenDatabase(path: String, reason: String)
  /// The database reported an unexpected error.
  case database(String)
}

extension CampgroundError: CustomStringConvertible {
  /// A one-line explanation of the failure.
  public var description: String {
    switch self {
    case .emptyName:
      return "A camper needs a full name"
    case .emptyPhoneNumber:
      return "A camper needs a phone number"
    case .duplicateCamper(let fullName, let phoneNumber):
      return "Camper \(fullName) (\(phoneNumber)) is already registered"
    case .camperNotFound(let id):
      return "No camper with id \(id)"
    case .invalidSiteNumber(let number):
      let allowed = CampSiteService.allowedSiteNumbers
      return
        "Invalid site number \(number): site numbers are \(allowed.lowerBound) to \(allowed.upperBound)"
    case .rateOutOfRange(let cents):
      let maximum = MoneyFormat.string(cents: CampSiteService.maximumRateCents)
      return
        "Invalid nightly rate \(MoneyFormat.string(cents: cents)): it must be 0.00 to \(maximum)"
    case .duplicateSite(let number):
      return "Site \(number) already exists"
    case .siteNotFound(let number):
      return "No site number \(number)"
    case .siteUnavailable(let number, let from, let nights):
      let day = CampgroundCalendar.string(from: from)
      return "Site \(number) is already booked for some of the \(nights) night(s) from \(day)"
    case .siteHasReservations(let number, let count):
      return "Site \(number) has \(count) standing reservation(s); cancel them first"
    case .siteHasPaidReservations(let number, let count):
      return
        "Site \(number) has \(count) paid reservation(s) whose records must be kept; it cannot be deleted"
    case .reservationNotFound(let id):
      return "No reservation with id \(id)"
    case .reservationCancelled(let id):
      return "Reservation \(id) is cancelled"
    case .invalidDateRange(let from, let to):
      let start = CampgroundCalendar.string(from: from)
      let end = CampgroundCalendar.string(from: to)
      return "Invalid date range \(start) to \(end): the end must be after the start"
    case .invalidPayment(let cents):
      return "Invalid payment of \(MoneyFormat.string(cents: cents)): it must be positive"
    case .overpayment(let cents, let balanceCents):
      let paid = MoneyFormat.string(cents: cents)
      return
        "Payment of \(paid) is more than the \(MoneyFormat.string(cents: balanceCents)) still due"
    case .amountTooLarge:
      return "The price is too large to record"
    case .notSignedIn:
      return "Sign in first with: campground login"
    case .invalidRangerEmail(let email):
      return "Invalid email '\(email)': a ranger signs in with an address like name@campground.org"
    case .passwordTooShort(let minimum):
      return "The password is too short: use at least \(minimum) characters"
    case .rangerExists(let email):
      return "Ranger \(email) already has an account"
    case .cannotOpenDatabase(let path, let reason):
      return "Cannot open the campground database at \(path): \(reason)"
    case .database(let message):
      return "Database error: \(message)"
    }
  }
}

extension CampgroundError: LocalizedError {
  /// The same one-line explanation, for APIs that read `localizedDescription`.
  public var errorDescription: String? { description }
}
