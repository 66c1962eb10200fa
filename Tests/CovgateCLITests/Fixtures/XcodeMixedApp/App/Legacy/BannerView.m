#include <objc/runtime.h>
#include "LegacyPricer.h"

// UI glue: the banner over the booking screen, sized for its text.
__attribute__((objc_root_class))
@interface BannerView {
  Class isa;
}
+ (int)widthForCharacters:(int)characters;
@end

@implementation BannerView
+ (int)widthForCharacters:(int)characters {
  if (characters > 40) {
    return 320;
  }
  return characters * 8;
}
@end

int LegacyBannerWidth(int characters) {
  return [BannerView widthForCharacters:characters];
}
