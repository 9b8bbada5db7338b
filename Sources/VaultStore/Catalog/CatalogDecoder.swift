import Foundation
import VaultCore

/// Decodes a catalog's entries on several threads at once.
///
/// The writer records where every ``chunkSize``-th entry starts, with the
/// index of its first note and first card. Each thread decodes whole chunks
/// straight into the final arrays (no per-chunk arrays to join afterwards),
/// so decoding 100,000 notes costs half as long on two cores. Every chunk
/// must end exactly where the next begins, with exactly the notes and cards
/// the table says; anything else is damage, and whatever was decoded is
/// released before the error is thrown.
struct CatalogDecoder: @unchecked Sendable {  // threads only read `payload` and `bounds`
    /// Entries per chunk, as written (tests write smaller chunks).
    static let chunkSize = 4096

    /// Where one chunk starts: a byte offset in the payload, the index of
    /// its first note, the index of its first card.
    struct Chunk: Equatable, Sendable {
        var offset: Int
        var firstNote: Int
        var firstCard: Int
    }

    let payload: UnsafeRawBufferPointer
    /// The chunks, each ended by the next; a final sentinel marks the end of
    /// the payload and the totals.
    private let bounds: [Chunk]

    /// - Throws: ``CacheDamage`` when the chunks do not tile
    ///   `payload[entriesStart...]` and the counts in order.
    init(
        payload: UnsafeRawBufferPointer, entriesStart: Int, chunkSize: Int, chunks: [Chunk], noteCount: Int,
        cardCount: Int
    ) throws(CacheDamage) {
        self.payload = payload
        let end = Chunk(offset: payload.count, firstNote: noteCount, firstCard: cardCount)
        guard chunkSize > 0, chunks.count == (noteCount + chunkSize - 1) / chunkSize,
            chunks.first ?? end == Chunk(offset: entriesStart, firstNote: 0, firstCard: 0)
        else { throw CacheDamage() }
        let bounds = chunks + [end]
        for k in 1..<bounds.count {
            let (a, b) = (bounds[k - 1], bounds[k])
            guard a.offset < b.offset, b.firstNote - a.firstNote == min(chunkSize, noteCount - a.firstNote),
                a.firstCard <= b.firstCard
            else { throw CacheDamage() }
        }
        self.bounds = bounds
    }

    /// The entries, decoded on all cores: threads take the next chunk as they
    /// finish one, so a thread that pays more for memory (glibc grows a
    /// worker thread's heap a page and an `mprotect` at a time) takes fewer.
    /// - Throws: ``CacheDamage`` when any chunk is damaged.
    func decode() throws(CacheDamage) -> CatalogEntries {
        let noteCount = bounds.last!.firstNote
        let cardCount = bounds.last!.firstCard
        let chunkCount = bounds.count - 1
        guard chunkCount > 0 else { return CatalogEntries() }
        var notes: [NoteSummary] = []
        // Where each note's check facts are in the payload: copied out after the threads are done.
        var facts = [Range<Int>](repeating: 0..<0, count: noteCount)
        var cards: [Card] = []
        var cardEnds = [Int](repeating: 0, count: noteCount)
        var keys = [NoteKey?](repeating: nil, count: noteCount)
        var cardsUnread = [Bool](repeating: false, count: noteCount)
        var damaged = false
        let files = [ScannedFile](unsafeUninitializedCapacity: noteCount) { filesBuffer, filesCount in
            notes = [NoteSummary](unsafeUninitializedCapacity: noteCount) { notesBuffer, notesCount in
                facts.withUnsafeMutableBufferPointer { factsBuffer in
                    cards = [Card](unsafeUninitializedCapacity: cardCount) { cardsBuffer, cardsCount in
                        cardEnds.withUnsafeMutableBufferPointer { endsBuffer in
                            keys.withUnsafeMutableBufferPointer { keysBuffer in
                                cardsUnread.withUnsafeMutableBufferPointer { unreadBuffer in
                                    FileIO.populate(filesBuffer)
                                    FileIO.populate(notesBuffer)
                                    FileIO.populate(cardsBuffer)
                                    let targets = Targets(
                                        payload: payload, files: filesBuffer.baseAddress!,
                                        notes: notesBuffer.baseAddress!,
                                        facts: factsBuffer.baseAddress!, cards: cardsBuffer.baseAddress,
                                        cardEnds: endsBuffer.baseAddress!,
                                        keys: keysBuffer.baseAddress!, cardsUnread: unreadBuffer.baseAddress!,
                                        done: .allocate(capacity: chunkCount))
                                    defer { targets.done.deallocate() }
                                    targets.done.initialize(repeating: Done(), count: chunkCount)
                                    DispatchQueue.concurrentPerform(iterations: chunkCount) { k in
                                        targets.done[k] = decodeChunk(k, into: targets)
                                    }
                                    damaged = (0..<chunkCount).contains { targets.done[$0].damaged }
                                    if damaged {
                                        for k in 0..<chunkCount {
                                            let done = targets.done[k]
                                            (targets.files + bounds[k].firstNote).deinitialize(count: done.notes)
                                            (targets.notes + bounds[k].firstNote).deinitialize(count: done.notes)
                                            if done.cards > 0 {
                                                (targets.cards! + bounds[k].firstCard).deinitialize(count: done.cards)
                                            }
                                        }
                                    }
                                }
                            }
                        }
                        cardsCount = damaged ? 0 : cardCount
                    }
                }
                notesCount = damaged ? 0 : noteCount
            }
            filesCount = damaged ? 0 : noteCount
        }
        guard !damaged else { throw CacheDamage() }
        return CatalogEntries(
            files: files, notes: notes, facts: storedFacts(facts), keys: keys, cards: cards, cardEnds: cardEnds,
            cardsUnread: cardsUnread)
    }

    /// The check facts at `ranges` of the payload (one range per note, in
    /// order), copied out as they are: ``StoredCheckFacts`` decodes a
    /// note's only when asked.
    private func storedFacts(_ ranges: [Range<Int>]) -> StoredCheckFacts {
        var ends = [Int](repeating: 0, count: ranges.count)
        var total = 0
        for i in ranges.indices {
            total += ranges[i].count
            ends[i] = total
        }
        // Runs of notes on every core: 5 MB at 100,000 notes, which one
        // thread copied and faulted in for about 6 ms (perf samples).
        let run = 8192
        let bytes = [UInt8](unsafeUninitializedCapacity: total) { buffer, count in
            ranges.withUnsafeBufferPointer { ranges in
                ends.withUnsafeBufferPointer { ends in
                    let copy = FactsCopy(
                        from: payload, to: UnsafeMutableRawBufferPointer(buffer), ranges: ranges, ends: ends)
                    DispatchQueue.concurrentPerform(iterations: (ranges.count + run - 1) / run) { r in
                        copy.run(r * run..<min(copy.ranges.count, (r + 1) * run))
                    }
                }
            }
            count = total
        }
        return StoredCheckFacts(bytes: bytes, ends: ends)
    }

    /// How far one chunk got: the notes and cards it initialized.
    struct Done {
        var notes = 0
        var cards = 0
        var damaged = false
    }

    /// The arrays being filled, shared by the threads; each thread writes
    /// only the indices of its own chunks.
    struct Targets: @unchecked Sendable {
        let payload: UnsafeRawBufferPointer
        let files: UnsafeMutablePointer<ScannedFile>
        let notes: UnsafeMutablePointer<NoteSummary>
        /// Initialized (to empty ranges) before the threads start.
        let facts: UnsafeMutablePointer<Range<Int>>
        /// nil when there are no cards at all.
        let cards: UnsafeMutablePointer<Card>?
        let cardEnds: UnsafeMutablePointer<Int>
        /// Initialized (to nil) before the threads start.
        let keys: UnsafeMutablePointer<NoteKey?>
        /// Initialized (to false) before the threads start.
        let cardsUnread: UnsafeMutablePointer<Bool>
        let done: UnsafeMutablePointer<Done>
    }

    /// Decodes chunk `k` into its slots of `targets`.
    private func decodeChunk(_ k: Int, into targets: Targets) -> Done {
        let (start, end) = (bounds[k], bounds[k + 1])
        var input = CacheReader(UnsafeRawBufferPointer(rebasing: targets.payload[start.offset..<end.offset]))
        var done = Done()
        var card = start.firstCard
        // Repeated sources, categories and tag lists are one value each within a chunk.
        var interning = CatalogInterning()
        for i in start.firstNote..<end.firstNote {
            do throws(CacheDamage) {
                let count = try CatalogCoding.decode(
                    from: &input, file: targets.files + i, note: targets.notes + i, facts: targets.facts + i,
                    key: targets.keys + i, cardsUnread: targets.cardsUnread + i,
                    cards: targets.cards.map { $0 + card }, room: end.firstCard - card, interning: &interning)
                card += count
                let facts = targets.facts[i]  // in the chunk: made the payload's
                targets.facts[i] = (facts.lowerBound + start.offset)..<(facts.upperBound + start.offset)
                targets.cardEnds[i] = card
                done.notes += 1
                done.cards += count
            } catch {
                done.damaged = true
                return done
            }
        }
        done.damaged = input.remaining != 0 || card != end.firstCard
        return done
    }
}

/// The copy of the check facts out of a catalog's payload, run by
/// several threads, each for its own notes (so its own bytes of `to`).
private struct FactsCopy: @unchecked Sendable {
    let from: UnsafeRawBufferPointer
    let to: UnsafeMutableRawBufferPointer
    /// Where each note's facts are in `from`.
    let ranges: UnsafeBufferPointer<Range<Int>>
    /// Where each note's facts end in `to`.
    let ends: UnsafeBufferPointer<Int>

    /// Copies the facts of the notes `notes`.
    func run(_ notes: Range<Int>) {
        var at = notes.lowerBound == 0 ? 0 : ends[notes.lowerBound - 1]
        for range in ranges[notes] where !range.isEmpty {
            UnsafeMutableRawBufferPointer(rebasing: to[at..<(at + range.count)])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: from[range]))
            at += range.count
        }
    }
}
