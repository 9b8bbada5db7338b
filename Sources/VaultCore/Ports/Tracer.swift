/// Where the adapters and use cases say how long their phases took, for
/// benchmarks and for finding where a slow command spends its time
/// (`VAULT_TRACE=1`: a `trace: …` line each on stderr).
///
/// The command line makes one at its edge and hands it to what it builds;
/// everything else takes it as a parameter that defaults to ``NoTracer``,
/// so a test or a library caller traces nothing unless it asks.
public protocol Tracer: Sendable {
    /// True when lines are wanted: callers skip their timing work when not.
    var isEnabled: Bool { get }
    /// Records one line (without the `trace: ` prefix or a newline); `line`
    /// is only worked out when tracing is on.
    func trace(_ line: @autoclosure () -> String)
    /// A reading of a monotonic clock, in nanoseconds from an arbitrary
    /// start: only the difference of two readings means anything (a phase's
    /// time). Asked only while ``isEnabled``; the use cases time their
    /// phases with it, so that they never read a clock themselves.
    func elapsedNanoseconds() -> UInt64
}

/// The tracer that records nothing.
public struct NoTracer: Tracer {
    public init() {}
    public var isEnabled: Bool { false }
    public func trace(_ line: @autoclosure () -> String) {}
    /// Always 0: nothing is timed when nothing is recorded.
    public func elapsedNanoseconds() -> UInt64 { 0 }
}
