import CampgroundKit
import Foundation
import Testing

/// The wait after failed sign-ins, one parameterised case per step of the rule.
struct SignInThrottleTests {
  @Test(
    "No wait before the free failures are used; then 1 s, doubling, at most 15 minutes",
    arguments: [
      (0, 0.0), (4, 0), (5, 1), (6, 2), (7, 4), (14, 512), (15, 900), (100, 900), (Int.max, 900),
    ] as [(Int, TimeInterval)])
  func waitAfterFailures(failures: Int, seconds: TimeInterval) {
    #expect(SignInThrottle.standard.wait(afterFailures: failures, free: 5) == seconds)
  }

  @Test("The campground's rule: 5 per email, 50 in all, 15 minutes at most, forgotten after a day")
  func standardRule() {
    let standard = SignInThrottle.standard

    #expect(standard.freeFailuresPerEmail == 5)
    #expect(standard.freeFailuresOverall == 50)
    #expect(standard.maximumWait == 900)
    #expect(standard.forgetAfter == 86_400)
  }
}
