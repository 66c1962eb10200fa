/// A campsite's fare: nights at the nightly rate, a weekly discount from the legacy pricer's
/// rule, and a cleaning fee for pets.
struct FareCalculator {
  let nightlyCents: Int
  let petFeeCents: Int

  func fare(nights: Int, pets: Bool) -> Int {
    guard nights > 0 else { return 0 }
    let stay = nights >= 7 ? nightlyCents * nights * 9 / 10 : nightlyCents * nights
    return pets ? stay + petFeeCents : stay
  }

  /// The fare split between campers, rounded up so the site is never short.
  func share(of total: Int, campers: Int) -> Int {
    if campers <= 1 { return total }
    return (total + campers - 1) / campers
  }
}
