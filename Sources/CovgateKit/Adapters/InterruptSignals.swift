import CoverageAcquisition
import Dispatch
import Foundation

/// SIGINT (Ctrl-C) and SIGTERM (a cancelled CI job) through DispatchSource signal sources:
/// covgate forwards the signal to what it runs, waits until that is gone (`Interruption`), says
/// so in one line and exits with 128 + the signal (130, 143) without writing anything more.
public enum InterruptSignals {
  private static let queue = DispatchQueue(label: "covgate.signals")

  nonisolated(unsafe) private static let sources: [any DispatchSourceSignal] = [SIGINT, SIGTERM]
    .map { number in
      // The default action would end covgate at once, leaving the tests running.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { Interruption.shared.stop(signal: number, then: exitInterrupted) }
      source.resume()
      return source
    }

  /// Installs the handlers (the first call does; later ones change nothing).
  public static func install() {
    _ = sources
  }

  /// Says which signal stopped covgate and exits with 128 + its number.
  private static func exitInterrupted(by received: Int32) -> Never {
    let name =
      received == SIGINT ? "SIGINT" : received == SIGTERM ? "SIGTERM" : "signal \(received)"
    let message =
      "covgate: error: interrupted by \(name); stopped the processes covgate started, and no report was left half-written\n"
    FileHandle.standardError.write(Data(message.utf8))
    fflush(nil)
    _exit(128 + received)
  }
}
