import Foundation
import VaultProcess
import VaultCore
import VaultStore

/// Parses notes in batches on a background thread, one batch ahead of the
/// consumer: while the caller writes batch k to SQLite (one core), batch
/// k + 1 is parsed on the other cores, and the text of its rows made
/// (``IndexedNote``), so the writer only binds it. At most two parsed
/// batches exist at once, which bounds memory however large the vault.
final class ParsedBatches: @unchecked Sendable {
    private let condition = NSCondition()
    private var ready: [(offset: Int, notes: [IndexedNote])] = []
    private var finished = false
    private var cancelled = false
    private let total: Int

    /// One core is left to the thread writing SQLite, which is the slower
    /// side; parsing on every core would only slow the writer down.
    static let parseWorkers = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)

    init(files: [ScannedFile], batchSize: Int, loader: NoteLoader) {
        total = files.count
        guard !files.isEmpty else {
            finished = true
            return
        }
        let thread = Thread { [self] in
            var offset = 0
            loader.prefetch(files[0..<min(files.count, batchSize)])
            while offset < files.count {
                let end = min(files.count, offset + batchSize)
                loader.prefetch(files[end..<min(files.count, end + batchSize)])  // read while this batch is parsed
                let notes = Self.rows(of: files[offset..<end], loader: loader)
                condition.lock()
                while ready.count >= 1 && !cancelled { condition.wait() }
                if cancelled {
                    condition.unlock()
                    return
                }
                ready.append((offset, notes))
                condition.broadcast()
                condition.unlock()
                offset = end
            }
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// The rows of `files`, parsed and made on ``parseWorkers`` threads, in order.
    static func rows(of files: ArraySlice<ScannedFile>, loader: NoteLoader) -> [IndexedNote] {
        let files = Array(files)
        let notes = loader.parse(files, workers: parseWorkers)
        let slots = ParallelSlots<IndexedNote>(count: notes.count)
        let chunk = 64
        let chunks = (notes.count + chunk - 1) / chunk
        let workers = max(1, min(parseWorkers, chunks))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for c in stride(from: worker, to: chunks, by: workers) {
                for i in (c * chunk)..<min(notes.count, (c + 1) * chunk) {
                    slots.store(IndexedNote(file: files[i], note: notes[i]), at: i)
                }
            }
        }
        return slots.values
    }

    /// Stops parsing (the consumer failed and will take no more batches).
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next parsed batch and the index of its first file, in order; nil
    /// when all are done.
    func next() -> (Int, [IndexedNote])? {
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty && !finished { condition.wait() }
        guard !ready.isEmpty else { return nil }
        let batch = ready.removeFirst()
        condition.broadcast()
        return (batch.offset, batch.notes)
    }
}
