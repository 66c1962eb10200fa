/// covgate's version: `covgate --version` prints it, and reports that name their tool (SARIF's
/// driver) carry it.
public enum CovgateVersion {
  public static let current = "0.1.0"
}
