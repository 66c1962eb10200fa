// The Objective-C pricer the app started with, still used for group bookings.
int LegacyGroupFare(int nightlyCents, int nights, int campers);
int LegacyBannerWidth(int characters);
