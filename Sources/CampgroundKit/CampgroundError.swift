import AuthKit
import Foundation

/// A failure of a campground service, with a one-line description for the user.
public enum CampgroundError: Error, Equatable, Sendable {
  /// The camper's full name is empty.
  case emptyName
  /// The camper's phone number is empty.
  case emptyPhoneNumber
  /// A camper's name or phone number holds a character that acts on a terminal instead of
  /// showing (`PlainText.isControl`); `code` names the first, e.g. `U+001B`.
  case controlCharacter(field: String, code: String)
  /// A camper with the same name and phone number is already registered.
  case duplicateCamper(fullName: String, phoneNumber: String)
  /// No camper has this id.
  case camperNotFound(id: Int64)
  /// The camper has reservations on record (their stays and payments), so it cannot be deleted.
  case camperHasReservations(id: Int64, reservationIds: [Int64])
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
  /// The site has reservations on record (cancelled ones too, and their payments), so it cannot
  /// be deleted.
  case siteHasReservations(number: Int, reservationIds: [Int64])
  /// The stay would start on a day that has passed where the campground is.
  case stayInThePast(from: Date, today: Date)
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
  /// The refund is larger than what was paid.
  case overRefund(cents: Int, paidCents: Int)
  /// No row of the payments ledger has this id.
  case paymentNotFound(id: Int64)
  /// The ledger row is itself a correction: record the payment or refund again instead.
  case correctionCannotBeUndone(id: Int64)
  /// The ledger row was undone already.
  case paymentAlreadyUndone(id: Int64)
  /// Undoing the ledger row would leave the reservation paid below nothing or above its price.
  case undoOutOfBounds(id: Int64, paidCents: Int, dueCents: Int)
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
  /// No ranger has an account with this email.
  case rangerNotFound(String)
  /// The ranger is the only one: without a ranger nobody could sign in to add another.
  case lastRanger(String)
  /// The email and current password given to change a password do not match a ranger.
  case wrongPassword
  /// Too many failed sign-ins: sign-in waits this many seconds (`SignInThrottle`).
  case signInThrottled(retryAfterSeconds: Int)
  /// The database file could not be opened or migrated.
  case cannotOpenDatabase(path: String, reason: String)
  /// The database reported an unexpected error.
  case database(String)
}

extension CampgroundError: CustomStringConvertible {
  /// A one-line explanation of the failure.
  ///
  /// The messages are in three switches, one per kind of failure, each small enough to read
  /// (and under the logic layer's `max_risk`); this one is exhaustive, so a new case must be
  /// given a kind, and the kinds' `default`s are never reached.
  public var description: String {
    switch self {
    case .emptyName, .emptyPhoneNumber, .controlCharacter, .duplicateCamper, .camperNotFound,
      .camperHasReservations, .invalidSiteNumber, .rateOutOfRange, .duplicateSite, .siteNotFound,
      .siteUnavailable, .siteHasReservations:
      return campersAndSites
    case .stayInThePast, .reservationNotFound, .reservationCancelled, .invalidDateRange,
      .invalidPayment, .overpayment, .overRefund, .paymentNotFound, .correctionCannotBeUndone,
      .paymentAlreadyUndone, .undoOutOfBounds, .amountTooLarge:
      return reservationsAndMoney
    case .notSignedIn, .invalidRangerEmail, .passwordTooShort, .rangerExists, .rangerNotFound,
      .lastRanger, .wrongPassword, .signInThrottled, .cannotOpenDatabase, .database:
      return rangersAndStore
    }
  }

  /// A camper or a site was refused.
  private var campersAndSites: String {
    switch self {
    case .emptyName:
      return "A camper needs a full name"
    case .emptyPhoneNumber:
      return "A camper needs a phone number"
    case .controlCharacter(let field, let code):
      return
        "A camper's \(field) cannot hold control characters (found \(code)): they act on a terminal instead of showing"
    case .duplicateCamper(let fullName, let phoneNumber):
      return
        "Camper \(PlainText.escaped(fullName)) (\(PlainText.escaped(phoneNumber))) is already registered"
    case .camperNotFound(let id):
      return "No camper with id \(id)"
    case .camperHasReservations(let id, let reservationIds):
      return
        "Camper \(id) has reservation(s) \(Self.list(reservationIds)) on record, kept with their payments; the camper cannot be deleted"
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
    case .siteHasReservations(let number, let reservationIds):
      return
        "Site \(number) has reservation(s) \(Self.list(reservationIds)) on record, kept with their payments; it cannot be deleted"
    default:
      return "Campground error"
    }
  }

  /// A booking or a row of the payments ledger was refused.
  private var reservationsAndMoney: String {
    switch self {
    case .stayInThePast(let from, let today):
      let start = CampgroundCalendar.string(from: from)
      let now = CampgroundCalendar.string(from: today)
      return
        "Cannot book a stay from \(start): that day has passed (today is \(now) where the campground is)"
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
    case .overRefund(let cents, let paidCents):
      let refund = MoneyFormat.string(cents: cents)
      return "Refund of \(refund) is more than the \(MoneyFormat.string(cents: paidCents)) paid"
    case .paymentNotFound(let id):
      return "No payment with id \(id); list them with: campground payments"
    case .correctionCannotBeUndone(let id):
      return
        "Payment \(id) is a correction and cannot be undone; record the payment or refund again"
    case .paymentAlreadyUndone(let id):
      return "Payment \(id) was undone already"
    case .undoOutOfBounds(let id, let paidCents, let dueCents):
      let paid = MoneyFormat.string(cents: paidCents)
      return
        "Undoing payment \(id) would leave \(paid) paid, outside 0.00 to \(MoneyFormat.string(cents: dueCents)); undo the later rows first"
    case .amountTooLarge:
      return "The price is too large to record"
    default:
      return "Campground error"
    }
  }

  /// A ranger or the store failed.
  private var rangersAndStore: String {
    switch self {
    case .notSignedIn:
      return "Sign in first with: campground login"
    case .invalidRangerEmail(let email):
      return
        "Invalid email '\(PlainText.escaped(email))': a ranger signs in with an address like name@campground.org"
    case .passwordTooShort(let minimum):
      return "The password is too short: use at least \(minimum) characters"
    case .rangerExists(let email):
      return "Ranger \(PlainText.escaped(email)) already has an account"
    case .rangerNotFound(let email):
      return "No ranger \(PlainText.escaped(email)); nothing was changed"
    case .lastRanger(let email):
      return
        "Ranger \(PlainText.escaped(email)) is the last ranger and stays: add another ranger first"
    case .wrongPassword:
      return "That email and current password do not match a ranger; nothing was changed"
    case .signInThrottled(let seconds):
      return AuthError.tooManyAttempts(retryAfterSeconds: seconds).description
    case .cannotOpenDatabase(let path, let reason):
      return
        "Cannot open the campground database at \(PlainText.escaped(path)): \(PlainText.escaped(reason))"
    case .database(let message):
      return "Database error: \(PlainText.escaped(message))"
    default:
      return "Campground error"
    }
  }

  /// Ids for a message: up to ten, then how many more.
  private static func list(_ ids: [Int64]) -> String {
    let shown = ids.prefix(10).map(String.init).joined(separator: ", ")
    return ids.count > 10 ? "\(shown) and \(ids.count - 10) more" : shown
  }
}

extension CampgroundError: LocalizedError {
  /// The same one-line explanation, for APIs that read `localizedDescription`.
  public var errorDescription: String? { description }
}
