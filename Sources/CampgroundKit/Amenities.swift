/// The extras a camp site can offer; used to filter sites and to price them.
public struct Amenities: OptionSet, Hashable, Sendable {
  /// The raw bits of the set.
  public let rawValue: Int

  /// Creates a set from its raw bits.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// An electric hook-up.
  public static let electricity = Amenities(rawValue: 1 << 0)
  /// Running water.
  public static let water = Amenities(rawValue: 1 << 1)
}
