import NetworkKit

/// A dummy: it fills the manager's logger parameter in tests that do not look at logging, and
/// does nothing. (Tests that check what is logged use `SpyLogger`.)
struct DummyLogger: NetworkLogger {
  func log(_ message: String) {}
}
