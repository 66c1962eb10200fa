import Dispatch
import Foundation
import LLVMCoverage

/// SIGINT (Ctrl-C) and SIGTERM (a cancelled CI job) through DispatchSource signal sources:
/// covgate forwards the signal to what it runs, waits until that is gone, and exits with
/// 128 + the signal (130, 143) without writing anything more (`Interruption`).
enum InterruptSignals {
  private static let queue = DispatchQueue(label: "covgate.signals")

  nonisolated(unsafe) private static let sources: [any DispatchSourceSignal] = [SIGINT, SIGTERM]
    .map { number in
      // The default action would end covgate at once, leaving the tests running.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { Interruption.shared.stop(signal: number) }
      source.resume()
      return source
    }

  /// Installs the handlers (the first call does; later ones change nothing).
  static func install() {
    _ = sources
  }
}
