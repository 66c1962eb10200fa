#include <objc/runtime.h>
#include "LegacyPricer.h"

__attribute__((objc_root_class))
@interface LegacyPricer {
  Class isa;
  int nightlyCents;
}
+ (id)pricerWithNightlyCents:(int)cents;
- (int)fareForNights:(int)nights campers:(int)campers;
@end

@implementation LegacyPricer
+ (id)pricerWithNightlyCents:(int)cents {
  LegacyPricer *pricer = class_createInstance(self, 0);
  pricer->nightlyCents = cents;
  return pricer;
}

- (int)fareForNights:(int)nights campers:(int)campers {
  if (nights <= 0) {
    return 0;
  }
  int fare = nightlyCents * nights;
  if (campers > 6) {
    fare += (campers - 6) * 500;
  }
  return fare;
}
@end

int LegacyGroupFare(int nightlyCents, int nights, int campers) {
  return [[LegacyPricer pricerWithNightlyCents:nightlyCents] fareForNights:nights campers:campers];
}
