import VaultCore

/// A use case's phase timings, through the ``Tracer`` it is given (for
/// benchmarks: `VAULT_TRACE=1` prints `trace: PHASE: N ms` on stderr).
/// The times are the tracer's monotonic readings: a use case reads no clock.
struct PhaseTrace {
    let tracer: any Tracer
    /// The tracer's reading at the last mark (0 when tracing is off).
    var last: UInt64

    /// Times from now, reporting to `tracer`.
    init(_ tracer: any Tracer) {
        self.tracer = tracer
        last = tracer.isEnabled ? tracer.elapsedNanoseconds() : 0
    }

    /// Reports the time since the last mark, named `phase`.
    mutating func mark(_ phase: String) {
        guard tracer.isEnabled else { return }
        let now = tracer.elapsedNanoseconds()
        let nanoseconds = now >= last ? now - last : 0
        tracer.trace("\(phase): \(nanoseconds / 1_000_000) ms")
        last = now
    }
}
