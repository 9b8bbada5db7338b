import Foundation
import VaultCore

/// A use case's phase timings, through the ``Tracer`` it is given (for
/// benchmarks: `VAULT_TRACE=1` prints `trace: PHASE: N ms` on stderr).
struct PhaseTrace {
    let tracer: any Tracer
    var last: Date

    /// Times from now, reporting to `tracer`.
    init(_ tracer: any Tracer) {
        self.tracer = tracer
        last = tracer.isEnabled ? Date() : .distantPast
    }

    /// Reports the time since the last mark, named `phase`.
    mutating func mark(_ phase: String) {
        guard tracer.isEnabled else { return }
        let now = Date()
        tracer.trace("\(phase): \(Int(now.timeIntervalSince(last) * 1000)) ms")
        last = now
    }
}
