import ArgumentParser
import CampgroundKit

/// `campground reserve`: books a site for a camper.
struct ReserveCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "reserve", abstract: "Book a site for a camper.")

  @OptionGroup var options: DatabaseOptions
  @Option(help: "The camper id (see: campground campers).") var camper: Int64
  @Option(help: "The site number.") var site: Int
  @Option(help: ArgumentHelp("The first night, as yyyy-MM-dd.", valueName: "day")) var from: Day
  @Option(parsing: .unconditional, help: "How many nights (1 to 365).") var nights: Int

  func output(in context: CommandContext) async throws -> String {
    let database = try options.open(in: context)
    let flow = ReservationFlow(
      campers: CamperService(database: database),
      reservations: ReservationService(database: database))
    return try flow.reserve(camperId: camper, siteNumber: site, from: from.date, nights: nights)
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
    let service = ReservationService(database: database)
    let found: [Reservation]
    if let camper {
      found = try service.reservations(forCamper: camper)
    } else {
      let start =
        try from?.date
        ?? CampgroundCalendar.day(
          of: context.now, in: Environment.campgroundTimeZone(environment: context.environment))
      let end = to?.date ?? CampgroundCalendar.adding(nights: 30, to: start)
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

/// `campground pay`: records a payment against a reservation.
struct PayCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "pay", abstract: "Record a payment (ranger only: sign in first).")

  @OptionGroup var options: DatabaseOptions
  @Argument(help: "The reservation id.") var reservation: Int64
  @Option(help: ArgumentHelp("The amount paid, e.g. 20.00.", valueName: "amount")) var amount:
    Amount

  func output(in context: CommandContext) async throws -> String {
    let (database, ranger) = try options.openSignedIn(in: context)
    let updated = try ReservationService(database: database)
      .recordPayment(cents: amount.cents, forReservation: reservation, by: ranger)
    let balance = MoneyFormat.string(cents: updated.balanceCents)
    return
      "Reservation \(reservation): paid \(MoneyFormat.string(cents: updated.amountPaidCents)), "
      + (updated.isPaid ? "paid in full." : "\(balance) still due.")
  }
}
