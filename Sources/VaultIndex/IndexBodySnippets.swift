import Foundation
import GRDB
import VaultCore

extension SearchIndex {
    /// The hits of `ranked` (rows of `rowid, path, score`) with their
    /// snippets made by ``BodySnippet`` from the notes' bodies, read in one
    /// query, on every core; nil when the query's terms need FTS5's own
    /// snippet (see ``SnippetPhrases``).
    ///
    /// The snippets are FTS5's, byte for byte, as ``run`` made them before:
    /// a note of at most ``SnippetWindows/windowBytes`` gets the snippet of
    /// its whole body, a longer one that of the first of its windows that
    /// satisfies the query, else the start of its body.
    static func hitsWithBodySnippets(_ ranked: [Row], groups: [[SearchTerm]], db: Database) throws -> [SearchHit]? {
        let descriptor = FTS5TokenizerDescriptor(
            components: IndexSchema.tokenizer.split(separator: " ").map(String.init))
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, ranked.count / 64 + 1, 8))
        let tokenizers = try (0..<workers).map { _ in try db.makeTokenizer(descriptor) }
        guard let phrases = SnippetPhrases(groups, tokenizer: tokenizers[0]) else { return nil }
        guard !ranked.isEmpty else { return [] }

        let rowids: [Int64] = ranked.map { $0[0] }
        let list = "[" + rowids.map(String.init).joined(separator: ",") + "]"
        var fields: [Int64: HitFields] = [:]
        fields.reserveCapacity(rowids.count)
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT path, id, title, category, tags, created, size, rowid FROM notes
                WHERE rowid IN (SELECT value FROM json_each(?))
                """, arguments: [list])
        while let row = try rows.next() { fields[row[7]] = HitFields(row) }
        let expected = fields.values.reduce(0) { $0 + Int(clamping: max($1.size, 0)) }
        let bodies = try BodyBytes(rowids: list, expectedBytes: expected, db: db)

        var jobs: [(fields: HitFields, score: Double, body: Range<Int>)] = []
        jobs.reserveCapacity(ranked.count)
        for (row, rowid) in zip(ranked, rowids) {
            guard let found = fields[rowid] else {
                throw VaultIndexError.database(path: displayPath, reason: "note \(rowid) is in the text index only")
            }
            jobs.append((found, row[2], bodies.ranges[rowid] ?? 0..<0))
        }

        var hits = [SearchHit?](repeating: nil, count: jobs.count)
        let makers = tokenizers.map { BodySnippet(phrases: phrases, tokenizer: $0) }
        hits.withUnsafeMutableBufferPointer { out in
            bodies.bytes.withUnsafeBufferPointer { text in
                let out = UncheckedBuffer(buffer: out)
                let shared = UncheckedJobs(jobs: jobs, makers: makers, text: text)
                DispatchQueue.concurrentPerform(iterations: workers) { worker in
                    let maker = shared.makers[worker]
                    var index = worker
                    while index < shared.jobs.count {
                        let job = shared.jobs[index]
                        let body = UnsafeBufferPointer(rebasing: shared.text[job.body])
                        out.buffer[index] = hit(job.fields, score: job.score, body: body, maker: maker)
                        index += workers
                    }
                }
            }
        }
        return hits.map { $0! }
    }

    /// One hit, its snippet made by `maker` from `body`.
    private static func hit(
        _ fields: HitFields, score: Double, body bytes: UnsafeBufferPointer<UInt8>, maker: BodySnippet
    ) -> SearchHit {
        let marked: [UInt8]? = {
            if fields.size <= SnippetWindows.windowBytes {
                return maker.marked(body: bytes, words: snippetWords)
            }
            // A long note: the first window that satisfies the query, as SnippetWindows chose.
            for range in SnippetWindows.windows(bytes) {
                let window = UnsafeBufferPointer(rebasing: bytes[range])
                if maker.mayMatch(body: window), let found = maker.matching(body: window, words: snippetWords) {
                    return found
                }
            }
            return nil
        }()
        if let marked {
            return hit(fields, score: score, marked: String(decoding: marked, as: UTF8.self), isExcerpt: false)
        }
        // No words to show in context: the start of the body, as `substr(body, 1, 200)`.
        var end = 0
        var scalars = 0
        while end < bytes.count {
            if bytes[end] & 0xC0 != 0x80 {
                if scalars == 200 { break }
                scalars += 1
            }
            end += 1
        }
        let start = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
        return hit(fields, score: score, marked: start, isExcerpt: true)
    }
}

/// The output buffer the workers of ``SearchIndex/hitsWithBodySnippets``
/// write into, each to its own indexes.
private struct UncheckedBuffer: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<SearchHit?>
}

/// What the workers share: the jobs, read only, and one snippet maker each.
private struct UncheckedJobs: @unchecked Sendable {
    let jobs: [(fields: SearchIndex.HitFields, score: Double, body: Range<Int>)]
    let makers: [BodySnippet]
    /// The bytes of every body (``BodyBytes/bytes``), which the jobs' ranges index.
    let text: UnsafeBufferPointer<UInt8>
}
