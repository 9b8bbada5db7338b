import Dispatch
import VaultCore

/// The command line's ``Tracer``: `trace: LINE` on stderr, through the one
/// writer (``StandardStreams``), when `VAULT_TRACE` is set to something.
struct StderrTracer: Tracer {
    let isEnabled: Bool
    let streams: StandardStreams

    /// On when `environment` holds a non-empty `VAULT_TRACE` (the one place it is read).
    init(environment: [String: String], streams: StandardStreams = .process) {
        isEnabled = environment["VAULT_TRACE"].map { !$0.isEmpty } ?? false
        self.streams = streams
    }

    func trace(_ line: @autoclosure () -> String) {
        guard isEnabled else { return }
        streams.writeError("trace: \(line())\n")
    }

    /// The system's monotonic clock (time since boot), unmoved by clock changes.
    func elapsedNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
