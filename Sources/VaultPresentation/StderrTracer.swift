import Dispatch
import VaultCore

/// The ``Tracer`` of `vault` and `vault-serve`: `trace: LINE` on stderr, through the one
/// writer (``StandardStreams``), when `VAULT_TRACE` is set to something.
package struct StderrTracer: Tracer {
    package let isEnabled: Bool
    let streams: StandardStreams

    /// On when `environment` holds a non-empty `VAULT_TRACE` (the one place it is read).
    package init(environment: [String: String], streams: StandardStreams = .process) {
        isEnabled = environment["VAULT_TRACE"].map { !$0.isEmpty } ?? false
        self.streams = streams
    }

    package func trace(_ line: @autoclosure () -> String) {
        guard isEnabled else { return }
        streams.writeError("trace: \(line())\n")
    }

    /// The system's monotonic clock (time since boot), unmoved by clock changes.
    package func elapsedNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
