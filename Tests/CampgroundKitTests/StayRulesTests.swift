import CampgroundKit
import Foundation
import GRDB
import Testing

/// The numeric rules of stays, sites and prices, one parameterised case per boundary.
struct StayRulesTests {
  private let june1 = TestDatabase.day(2025, 6, 1)

  /// A store with a ranger signed in, and a site service over it.
  private func siteServices() throws -> (CampgroundDatabase, CampSiteService, RangerProof) {
    let database = try TestDatabase.make()
    return (database, CampSiteService(database: database), try TestRanger.proof(in: database))
  }

  private func bookingServices() throws -> (ReservationService, Int64) {
    let (database, sites, ranger) = try siteServices()
    try sites.addSite(
      number: 1, hasElectricity: true, hasWater: true, nightlyRateCents: 2_000, by: ranger)
    let camper = try CamperService(database: database)
      .addCamper(fullName: "Bacon Lover", phoneNumber: "910-543-9000")
    return (
      ReservationService(database: database, clock: TestDatabase.clock), try #require(camper.id)
    )
  }

  @Test(
    "A stay outside 1...365 nights is returned Invalid with CampingManager error 5",
    arguments: [Int.min, -1, 0, 366, 10_000_000_000_000_000, Int.max])
  func invalidStay(nights: Int) throws {
    let (service, camper) = try bookingServices()

    let (reservation, error) = try service.reserve(
      siteNumber: 1, camperId: camper, from: june1, nights: nights)

    #expect(reservation.status == .invalid)
    #expect(reservation.id == nil)
    #expect(reservation.endDate == june1)
    #expect(error == .invalidNumberOfDays(nights))
    #expect((error as NSError?)?.code == 5)
    #expect(try service.reservations(forCamper: camper).isEmpty)
  }

  @Test("The shortest and the longest stay are booked", arguments: [1, 365])
  func validStay(nights: Int) throws {
    let (service, camper) = try bookingServices()

    let (reservation, error) = try service.reserve(
      siteNumber: 1, camperId: camper, from: june1, nights: nights)

    #expect(error == nil)
    #expect(reservation.status == .reserved)
    #expect(reservation.amountDueCents == nights * 2_800)
  }

  /// The tests' clock reads noon on 2025-05-01 in UTC.
  @Test(
    "A stay starting before today is refused, whatever its length",
    arguments: [
      (TestDatabase.day(2020, 1, 1), 3), (TestDatabase.day(2025, 4, 30), 1),
      (TestDatabase.day(2025, 4, 30).addingTimeInterval(86_399), 365),
    ])
  func pastStay(start: Date, nights: Int) throws {
    let (service, camper) = try bookingServices()

    #expect(
      throws: CampgroundError.stayInThePast(
        from: CampgroundCalendar.startOfDay(start), today: TestDatabase.day(2025, 5, 1))
    ) {
      try service.reserve(siteNumber: 1, camperId: camper, from: start, nights: nights)
    }
    #expect(try service.reservations(forCamper: camper).isEmpty)
  }

  @Test(
    "Today, from its first second, and later days are booked",
    arguments: [
      TestDatabase.day(2025, 5, 1), TestDatabase.day(2025, 5, 1).addingTimeInterval(86_399),
      TestDatabase.day(2099, 12, 31),
    ])
  func todayOrLater(start: Date) throws {
    let (service, camper) = try bookingServices()

    let (reservation, error) = try service.reserve(
      siteNumber: 1, camperId: camper, from: start, nights: 1)

    #expect(error == nil)
    #expect(reservation.startDate == CampgroundCalendar.startOfDay(start))
  }

  @Test(
    "A night's price is the rate plus each amenity's surcharge",
    arguments: [
      (false, false, 1_000), (true, false, 1_500), (false, true, 1_300), (true, true, 1_800),
    ])
  func nightlyPrice(electricity: Bool, water: Bool, cents: Int) throws {
    let site = CampSite(
      siteNumber: 1, hasElectricity: electricity, hasWater: water, nightlyRateCents: 1_000)

    #expect(try AmenityPricing.standard.nightlyPriceCents(for: site) == cents)
    #expect(try AmenityPricing.standard.amountDueCents(for: site, nights: 3) == 3 * cents)
  }

  @Test("A price that does not fit is refused, not a crash")
  func overflowingPrice() {
    let site = CampSite(siteNumber: 1, hasElectricity: true, hasWater: false, nightlyRateCents: 1)
    let greedy = AmenityPricing(electricityPerNightCents: Int.max, waterPerNightCents: 0)

    #expect(throws: CampgroundError.amountTooLarge) {
      try greedy.nightlyPriceCents(for: site)
    }
    #expect(throws: CampgroundError.amountTooLarge) {
      try AmenityPricing.standard.amountDueCents(for: site, nights: Int.max)
    }
  }

  @Test("Site numbers are 1 to 9999", arguments: [Int.min, 0, 10_000, Int.max])
  func siteNumberOutOfRange(number: Int) throws {
    let (_, service, ranger) = try siteServices()

    #expect(throws: CampgroundError.invalidSiteNumber(number)) {
      try service.addSite(
        number: number, hasElectricity: false, hasWater: false, nightlyRateCents: 100, by: ranger)
    }
    #expect(try service.allSites().isEmpty)
  }

  @Test("Nightly rates are 0.00 to 10000.00", arguments: [Int.min, -1, 1_000_001, Int.max])
  func rateOutOfRange(cents: Int) throws {
    let (_, service, ranger) = try siteServices()

    #expect(throws: CampgroundError.rateOutOfRange(cents: cents)) {
      try service.addSite(
        number: 1, hasElectricity: true, hasWater: true, nightlyRateCents: cents, by: ranger)
    }
  }

  @Test("The bounds themselves are accepted", arguments: [(1, 0), (9_999, 1_000_000)])
  func boundsAccepted(number: Int, cents: Int) throws {
    let (_, service, ranger) = try siteServices()

    let site = try service.addSite(
      number: number, hasElectricity: true, hasWater: true, nightlyRateCents: cents, by: ranger)

    #expect(try service.site(number: number) == site)
  }
}
