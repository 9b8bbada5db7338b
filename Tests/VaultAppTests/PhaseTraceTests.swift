import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// A tracer that keeps its lines, and whose monotonic clock moves `step`
/// nanoseconds at each reading (so phase times are known in advance).
final class KeptLines: Tracer, @unchecked Sendable {
    let isEnabled: Bool
    let step: UInt64
    private let lock = NSLock()
    private var kept: [String] = []
    private var readings: UInt64 = 0

    init(enabled: Bool = true, step: UInt64 = 1_500_000) {
        isEnabled = enabled
        self.step = step
    }

    var lines: [String] { lock.withLock { kept } }
    /// How often the clock was read.
    var clockReadings: UInt64 { lock.withLock { readings } }

    func trace(_ line: @autoclosure () -> String) {
        guard isEnabled else { return }
        let text = line()
        lock.withLock { kept.append(text) }
    }

    func elapsedNanoseconds() -> UInt64 {
        lock.withLock {
            readings += 1
            return 1_000_000_000 + readings * step
        }
    }
}

/// The use cases' phase timings go to the tracer of their context, and nowhere else.
@Suite("Phase timings through the context's tracer")
struct PhaseTraceTests {
    @Test("a phase trace reports each phase with its time, as `PHASE: N ms`")
    func phaseTraceReportsPhases() {
        let tracer = KeptLines()
        var trace = PhaseTrace(tracer)
        trace.mark("notes (3)")
        trace.mark("board")
        #expect(tracer.lines.count == 2)
        #expect(tracer.lines[0].range(of: #"^notes \(3\): \d+ ms$"#, options: .regularExpression) != nil, "\(tracer.lines)")
        #expect(tracer.lines[1].range(of: #"^board: \d+ ms$"#, options: .regularExpression) != nil, "\(tracer.lines)")
    }

    @Test("a phase's time is the difference of the tracer's clock readings, in whole milliseconds")
    func phaseTimesComeFromTheTracer() {
        let tracer = KeptLines(step: 7_900_000)
        var trace = PhaseTrace(tracer)
        trace.mark("notes")
        trace.mark("board")
        #expect(tracer.lines == ["notes: 7 ms", "board: 7 ms"])
        #expect(tracer.clockReadings == 3)
    }

    @Test("a tracer that is off is not asked to work out its lines, nor to read its clock")
    func offTracerBuildsNoLine() {
        let tracer = KeptLines(enabled: false)
        var trace = PhaseTrace(tracer)
        trace.mark("board")
        #expect(tracer.lines.isEmpty)
        #expect(tracer.clockReadings == 0)
    }

    @Test("a use case reports its phases to the context's tracer")
    func useCaseReportsToContextTracer() {
        let tracer = KeptLines()
        let zone = TimeZone(identifier: "UTC")!
        let context = AppContext(
            notes: MemoryNotes(all: []), ledger: MemoryLedger(timeZone: zone), ids: MemoryNoteIDs(),
            config: VaultConfig(timeZoneIdentifier: "UTC"), now: Date(timeIntervalSince1970: 1_795_000_000),
            tracer: tracer)
        _ = VaultStatus.load(context)
        #expect(!tracer.lines.isEmpty)
        #expect(tracer.lines.allSatisfy { $0.range(of: #": \d+ ms$"#, options: .regularExpression) != nil }, "\(tracer.lines)")
    }
}
