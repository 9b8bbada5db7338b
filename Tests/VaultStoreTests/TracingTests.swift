import Foundation
import Testing
import VaultCore

@testable import VaultStore

/// A tracer that keeps its lines (the adapters report from several threads).
final class RecordingTracer: Tracer, @unchecked Sendable {
    let isEnabled: Bool
    private let lock = NSLock()
    private var kept: [String] = []

    init(enabled: Bool = true) { isEnabled = enabled }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return kept
    }

    func trace(_ line: @autoclosure () -> String) {
        guard isEnabled else { return }
        let text = line()
        lock.lock()
        kept.append(text)
        lock.unlock()
    }
    func elapsedNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}

/// The adapters report their steps to the tracer they are given, and to
/// nothing else; none is read from the environment.
@Suite("Tracing through the injected tracer")
struct TracingTests {
    @Test("the note catalog reports its scan, what it read and what it did, with the time so far")
    func catalogReportsItsSteps() {
        let dir = NoteCatalogTests.fixture()
        let tracer = RecordingTracer()
        _ = NoteCatalog(layout: VaultLayout(root: dir.url), timeZone: NoteCatalogTests.utc, tracer: tracer).load()
        let steps = tracer.lines.map { $0.replacingOccurrences(of: #"^ *\d+\.\d ms  "#, with: "", options: .regularExpression) }
        #expect(steps.first == "catalog: scan 7 files", "\(tracer.lines)")
        #expect(steps.contains("catalog: parsed 7 notes"), "\(tracer.lines)")
        #expect(steps.last == "catalog: rebuilt, 0 reused", "\(tracer.lines)")
        #expect(tracer.lines.allSatisfy { $0.range(of: #"^ *\d+\.\d ms  catalog: "#, options: .regularExpression) != nil })
    }
}
