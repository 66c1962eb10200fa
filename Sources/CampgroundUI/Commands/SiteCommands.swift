import ArgumentParser
import CampgroundKit

/// `campground sites`: lists the camp sites, optionally only those with amenities.
struct SitesCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "sites", abstract: "List the camp sites.")

  @OptionGroup var options: DatabaseOptions
  @Flag(help: "Only sites with electricity.") var electricity = false
  @Flag(help: "Only sites with water.") var water = false

  func output(in context: CommandContext) async throws -> String {
    SiteTable.render(
      try CampSiteService(database: options.open(in: context))
        .sites(with: .selected(electricity: electricity, water: water)))
  }
}

/// `campground availability`: the sites free on every night of a stay.
struct AvailabilityCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "availability", abstract: "List the sites free for a stay.")

  @OptionGroup var options: DatabaseOptions
  @Option(help: ArgumentHelp("The first night, as yyyy-MM-dd.", valueName: "day")) var from: Day
  @Option(parsing: .unconditional, help: "How many nights (1 to 365).") var nights: Int
  @Flag(help: "Only sites with electricity.") var electricity = false
  @Flag(help: "Only sites with water.") var water = false

  func output(in context: CommandContext) async throws -> String {
    let clock = try context.campgroundClock()
    let free = try CampSiteService(database: options.open(in: context), clock: clock)
      .availableSites(
        from: from.instant(in: clock), nights: nights,
        with: .selected(electricity: electricity, water: water))
    let stay = "\(nights) night(s) from \(CampgroundCalendar.string(from: from.date))"
    guard !free.isEmpty else { return "No site is free for \(stay)." }
    return "Free for \(stay):\n" + SiteTable.render(free)
  }
}

extension Amenities {
  /// The amenities the `--electricity` and `--water` flags ask for.
  static func selected(electricity: Bool, water: Bool) -> Amenities {
    var amenities: Amenities = []
    if electricity { amenities.insert(.electricity) }
    if water { amenities.insert(.water) }
    return amenities
  }
}

/// `campground add-site`: adds a numbered site with its amenities and nightly rate; rangers only.
struct AddSiteCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "add-site", abstract: "Add a camp site (ranger only: sign in first).")

  @OptionGroup var options: DatabaseOptions
  @Option(help: "The site number (1 to 9999).") var number: Int
  @Option(help: ArgumentHelp("The nightly rate before amenities, e.g. 25.00.", valueName: "amount"))
  var rate: Amount
  @Flag(help: "The site has electricity.") var electricity = false
  @Flag(help: "The site has water.") var water = false

  func output(in context: CommandContext) async throws -> String {
    let (database, ranger) = try options.openSignedIn(in: context)
    let site = try CampSiteService(database: database).addSite(
      number: number, hasElectricity: electricity, hasWater: water, nightlyRateCents: rate.cents,
      by: ranger)
    return
      "Added site \(site.siteNumber) at \(MoneyFormat.string(cents: site.nightlyRateCents)) a night."
  }
}

/// `campground delete-site`: removes a site no reservation names; rangers only.
struct DeleteSiteCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "delete-site", abstract: "Delete a camp site (ranger only: sign in first).")

  @OptionGroup var options: DatabaseOptions
  @Option(help: "The site number.") var number: Int

  func output(in context: CommandContext) async throws -> String {
    let (database, ranger) = try options.openSignedIn(in: context)
    try CampSiteService(database: database).deleteSite(number: number, by: ranger)
    return "Deleted site \(number)."
  }
}
