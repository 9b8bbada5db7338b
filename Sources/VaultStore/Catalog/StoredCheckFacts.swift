import Foundation
import VaultCore

/// Every note's ``NoteCheckFacts`` as the catalog keeps them: their bytes as
/// written in `notes.bin`, one run of bytes per note, decoded only when
/// asked (``subscript(_:)``, ``decoded()``).
///
/// Only `vault check` reads them. Decoded on every load, 75,000 notes'
/// link targets cost `vault study --list` a quarter of its catalog read,
/// and `vault serve` kept them as ~15 MB of strings and arrays at 100,000
/// notes; as bytes they are copied from the file in one pass, and written
/// back as they were read, so a note that was not parsed again keeps its
/// facts byte for byte whatever else the catalog rewrites.
public struct StoredCheckFacts: Sendable {
    /// The notes' encoded facts, one after the other.
    private(set) var bytes: [UInt8] = []
    /// `ends[i]` is where note `i`'s bytes end in ``bytes``.
    private(set) var ends: [Int] = []

    init() {}

    /// Facts whose bytes are `bytes`, note `i`'s ending at `ends[i]`
    /// (checked by the catalog decoder: ``CatalogCoding/skipFacts(_:)``).
    init(bytes: [UInt8], ends: [Int]) {
        self.bytes = bytes
        self.ends = ends
    }

    /// The facts of `facts`, encoded.
    init<Facts: Sequence<NoteCheckFacts>>(_ facts: Facts) {
        for one in facts { append(one) }
    }

    /// How many notes' facts are held.
    public var count: Int { ends.count }

    /// The bytes held (for measurements).
    public var byteCount: Int { bytes.count }

    /// Where note `i`'s bytes are in ``bytes``.
    func range(_ i: Int) -> Range<Int> { (i == 0 ? 0 : ends[i - 1])..<ends[i] }

    /// Note `i`'s facts, decoded.
    public subscript(_ i: Int) -> NoteCheckFacts {
        bytes.withUnsafeBytes { raw in
            var input = CacheReader(UnsafeRawBufferPointer(rebasing: raw[range(i)]))
            do throws(CacheDamage) {
                return try CatalogCoding.facts(&input)
            } catch {
                // The decoder walked these bytes when it read the file, and
                // the encoder wrote the others: they always decode.
                preconditionFailure(
                    "The check facts of note \(i) of the catalog do not decode; this is a bug in vault.")
            }
        }
    }

    /// Every note's facts, decoded, in order, runs of notes on all cores
    /// (as the catalog's load decoded them when it did).
    public func decoded() -> [NoteCheckFacts] {
        let count = self.count
        let run = 1024
        let runs = (count + run - 1) / run
        guard runs > 1 else { return decoded(0..<count) }
        return [NoteCheckFacts](unsafeUninitializedCapacity: count) { buffer, initialized in
            let out = UncheckedOutput(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: runs) { r in
                for i in (r * run)..<min(count, (r + 1) * run) { (out.base + i).initialize(to: self[i]) }
            }
            initialized = count
        }
    }

    /// The array being filled, each thread at its own indices.
    private struct UncheckedOutput: @unchecked Sendable {
        let base: UnsafeMutablePointer<NoteCheckFacts>
    }

    /// The facts of the notes in `range`, decoded, in order.
    public func decoded(_ range: Range<Int>) -> [NoteCheckFacts] { range.map { self[$0] } }

    /// Makes room for `notes` notes' facts, of `bytes` bytes in all.
    mutating func reserveCapacity(_ notes: Int, bytes: Int = 0) {
        ends.reserveCapacity(notes)
        self.bytes.reserveCapacity(bytes)
    }

    /// Appends `facts`, encoded.
    mutating func append(_ facts: NoteCheckFacts) {
        var out = CacheWriter(capacity: 64)
        CatalogCoding.encode(facts, into: &out)
        out.withBytes { bytes.append(contentsOf: $0) }
        ends.append(bytes.count)
    }

    /// Appends note `i`'s bytes of `other`, as they are.
    mutating func append(_ i: Int, of other: StoredCheckFacts) {
        bytes.append(contentsOf: other.bytes[other.range(i)])
        ends.append(bytes.count)
    }

    /// Replaces note `i`'s facts with `facts`, encoded.
    mutating func replace(_ i: Int, with facts: NoteCheckFacts) {
        var out = CacheWriter(capacity: 64)
        CatalogCoding.encode(facts, into: &out)
        let old = range(i)
        let shift = out.count - old.count
        out.withBytes { bytes.replaceSubrange(old, with: $0) }
        if shift != 0 {
            for k in i..<ends.count { ends[k] += shift }
        }
    }

    /// Replaces the facts of the notes at `positions` with `facts`, in the
    /// same order. One replacement moves the bytes after it; many (a
    /// watcher's load after a `git pull`) are made in one pass over the
    /// bytes, not one pass each.
    mutating func replace(_ positions: [Int], with facts: [NoteCheckFacts]) {
        precondition(positions.count == facts.count, "one facts per position")
        guard positions.count > 1 else {
            if let i = positions.first { replace(i, with: facts[0]) }
            return
        }
        let replaced = Dictionary(zip(positions, facts), uniquingKeysWith: { $1 })
        var rebuilt = StoredCheckFacts()
        rebuilt.ends.reserveCapacity(count)
        rebuilt.bytes.reserveCapacity(bytes.count)
        for i in 0..<count {
            if let new = replaced[i] { rebuilt.append(new) } else { rebuilt.append(i, of: self) }
        }
        self = rebuilt
    }

    /// Calls `body` with note `i`'s bytes (for the encoder, which writes them as they are).
    func withBytes<T>(of i: Int, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range(i)])) }
    }
}
