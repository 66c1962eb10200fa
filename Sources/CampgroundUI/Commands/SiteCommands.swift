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
    var amenities: Amenities = []
    if electricity { amenities.insert(.electricity) }
    if water { amenities.insert(.water) }
    return SiteTable.render(
      try CampSiteService(database: options.open(in: context)).sites(with: amenities))
  }
}

/// `campground add-site`: adds a numbered site with its amenities and nightly rate.
struct AddSiteCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "add-site", abstract: "Add a camp site.")

  @OptionGroup var options: DatabaseOptions
  @Option(help: "The site number (1 or more).") var number: Int
  @Option(help: ArgumentHelp("The nightly rate before amenities, e.g. 25.00.", valueName: "amount"))
  var rate: Amount
  @Flag(help: "The site has electricity.") var electricity = false
  @Flag(help: "The site has water.") var water = false

  func output(in context: CommandContext) async throws -> String {
    let site = try CampSiteService(database: options.open(in: context)).addSite(
      number: number, hasElectricity: electricity, hasWater: water, nightlyRateCents: rate.cents)
    return
      "Added site \(site.siteNumber) at \(MoneyFormat.string(cents: site.nightlyRateCents)) a night."
  }
}

/// `campground delete-site`: removes a site that has no confirmed reservations.
struct DeleteSiteCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "delete-site", abstract: "Delete a camp site.")

  @OptionGroup var options: DatabaseOptions
  @Option(help: "The site number.") var number: Int

  func output(in context: CommandContext) async throws -> String {
    try CampSiteService(database: options.open(in: context)).deleteSite(number: number)
    return "Deleted site \(number)."
  }
}
