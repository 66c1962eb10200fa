import ArgumentParser
import CampgroundKit

/// `campground reserve`: books a site for a camper, from today (where the campground is) on.
struct ReserveCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "reserve", abstract: "Book a site for a camper.")

  @OptionGroup var options: DatabaseOptions
  @Option(help: "The camper id (see: campground campers).") var camper: Int64
  @Option(help: "The site number.") var site: Int
  @Option(
    help: ArgumentHelp("The first night, as yyyy-MM-dd (today or later).", valueName: "day"))
  var from: Day
  @Option(parsing: .unconditional, help: "How many nights (1 to 365).") var nights: Int

  func output(in context: CommandContext) async throws -> String {
    let database = try options.open(in: context)
    let clock = try context.campgroundClock()
    let flow = ReservationFlow(
      campers: CamperService(database: database),
      reservations: ReservationService(database: database, clock: clock))
    return try flow.reserve(
      camperId: camper, siteNumber: site, from: from.instant(in: clock), nights: nights)
  }
}

/// `campground reservations`: lists a camper's reservations, or those in a date range.
struct ReservationsCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "reservations", abstract: "List reservations of a camper or of a date range.")

  @OptionGroup var options: DatabaseOptions
  @Option(help: "Only this camper's reservations, cancelled ones included.") var camper: Int64?
  @Option(
    help: ArgumentHelp(
      "The first day of the range (default: today where the campground is: $CAMPGROUND_TIME_ZONE, else this machine's time zone).",
      valueName: "day"))
  var from: Day?
  @Option(help: ArgumentHelp("The day after the range (default: 30 days on).", valueName: "day"))
  var to: Day?

  func validate() throws {
    if camper != nil, from != nil || to != nil {
      throw ValidationError("Use either --camper or --from/--to, not both.")
    }
  }

  func output(in context: CommandContext) async throws -> String {
    let database = try options.open(in: context)
    let clock = try context.campgroundClock()
    let service = ReservationService(database: database, clock: clock)
    let found: [Reservation]
    if let camper {
      found = try service.reservations(forCamper: camper)
    } else {
      let start = from?.instant(in: clock) ?? clock.now
      let end =
        to?.instant(in: clock)
        ?? CampgroundCalendar.noon(
          of: CampgroundCalendar.adding(nights: 30, to: clock.day(of: start)), in: clock.timeZone)
      found = try service.reservations(from: start, to: end)
    }
    let names = try CamperService(database: database).allCampers()
      .reduce(into: [Int64: String]()) { names, camper in names[camper.id ?? 0] = camper.fullName }
    return ReservationTable.render(found, camperNames: names)
  }
}

/// `campground cancel`: cancels a reservation.
struct CancelCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "cancel", abstract: "Cancel a reservation (ranger only: sign in first).")

  @OptionGroup var options: DatabaseOptions
  @Argument(help: "The reservation id.") var reservation: Int64

  func output(in context: CommandContext) async throws -> String {
    let (database, ranger) = try options.openSignedIn(in: context)
    try ReservationService(database: database).cancel(reservationId: reservation, by: ranger)
    return "Cancelled reservation \(reservation)."
  }
}

/// `campground pay`: records a payment, a refund, or the undoing of a ledger row, each a new row
/// of the payments ledger naming the ranger.
struct PayCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "pay",
    abstract: "Record a payment or a refund, or undo one (ranger only: sign in first).")

  @OptionGroup var options: DatabaseOptions
  @Argument(help: "The reservation id.") var reservation: Int64
  @Option(help: ArgumentHelp("The amount paid, e.g. 20.00.", valueName: "amount"))
  var amount: Amount?
  @Option(help: ArgumentHelp("The amount given back, e.g. 20.00.", valueName: "amount"))
  var refund: Amount?
  @Option(
    help: ArgumentHelp(
      "Undo this payment or refund of the reservation (its id in: campground payments).",
      valueName: "payment"))
  var undo: Int64?

  func validate() throws {
    let given = [amount != nil, refund != nil, undo != nil].filter { $0 }.count
    guard given == 1 else {
      throw ValidationError("Give one of --amount, --refund or --undo.")
    }
  }

  func output(in context: CommandContext) async throws -> String {
    let (database, ranger) = try options.openSignedIn(in: context)
    let service = ReservationService(database: database, clock: try context.campgroundClock())
    if let refund {
      let updated = try service.recordRefund(
        cents: refund.cents, forReservation: reservation, by: ranger)
      return "Reservation \(reservation): refunded \(MoneyFormat.string(cents: refund.cents)); "
        + Self.standing(updated)
    }
    if let undo {
      // The row must be this reservation's: a mistyped id undoes nothing of another stay.
      guard try service.payments(forReservation: reservation).contains(where: { $0.id == undo })
      else { throw CampgroundError.paymentNotFound(id: undo) }
      let updated = try service.undoPayment(id: undo, by: ranger)
      return "Reservation \(reservation): payment \(undo) undone; " + Self.standing(updated)
    }
    let updated = try service.recordPayment(
      cents: amount?.cents ?? 0, forReservation: reservation, by: ranger)
    return "Reservation \(reservation): " + Self.standing(updated)
  }

  /// "paid 46.00, paid in full.", "paid 20.00, 26.00 still due." or, once cancelled (nothing
  /// is due, what was paid waits for a refund), "paid 20.00, the stay is cancelled."
  static func standing(_ reservation: Reservation) -> String {
    let paid = "paid \(MoneyFormat.string(cents: reservation.amountPaidCents)), "
    if reservation.status == .cancelled { return paid + "the stay is cancelled." }
    return paid
      + (reservation.isPaid
        ? "paid in full." : "\(MoneyFormat.string(cents: reservation.balanceCents)) still due.")
  }
}

/// `campground payments`: the payments ledger, every row or one reservation's, with who
/// recorded each and when.
struct PaymentsCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "payments", abstract: "List the payments ledger: payments, refunds, corrections.")

  @OptionGroup var options: DatabaseOptions
  @Option(help: "Only this reservation's rows, with what it has been paid.") var reservation: Int64?

  func output(in context: CommandContext) async throws -> String {
    let service = ReservationService(database: try options.open(in: context))
    guard let reservation else { return PaymentTable.render(try service.allPayments()) }
    guard let booked = try service.reservation(id: reservation) else {
      throw CampgroundError.reservationNotFound(id: reservation)
    }
    let table = PaymentTable.render(try service.payments(forReservation: reservation))
    return table + "\nReservation \(reservation): " + PayCommand.standing(booked)
  }
}
