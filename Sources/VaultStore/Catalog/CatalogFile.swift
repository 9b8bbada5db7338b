import Foundation
import VaultCore
import VaultProcess

/// The file `.vault/cache/notes.bin` (docs/FORMAT.md, Note catalog).
///
/// A 32-byte prefix (magic, format version, payload length, checksum), then
/// the payload: the time zone, the scan fingerprint, the git commit the
/// fallback dates were taken at, the counts, a table of chunks (where every
/// 4096th entry starts, so that threads can decode them side by side), and
/// the entries. Any file that does not check out in every respect reads as
/// no catalog at all.
enum CatalogFile {
    static let name = "notes.bin"
    static let magic = Array("vaultcat".utf8)
    /// Bump when the layout changes, or when the parser or the card
    /// extractor change what they derive from the same bytes: a catalog of
    /// another version is rebuilt.
    static let version: UInt64 = 17  // 2: titles by the opening-heading rule; 3: the caches' one codec; 4: front matter type warnings; 5: deep Markdown warnings; 6: UUID keys stored; 7: long values cut in warnings, tags split at spaces; 8: Obsidian's tag and title rules, years outside 1-9999 not dates; 9: Anki's {{c1::…}} clozes; 10: card hints (%%hint: …%%); 11: links read from the source (escaped brackets, %%comments%% and HTML comments hold none, a table's \| ends the name); 12: the card syntax the cards were read in, cards' decks and stored schedules; 13: a note review's text without SR comments; 14: a `<br>` in a card is a line break, a table in a `?` card its text; 15: each note's link targets and the lines of its id, category and source_type keys (for `vault check`); 16: only a deck's notes have their cards read (a flag marks the others'); 17: each wiki link's line and column (for `vault check`)

    /// The catalog file in `folder`, framed as every cache is.
    static func file(in folder: URL) -> CacheFile {
        CacheFile(url: folder.appendingPathComponent(name), magic: magic, version: version)
    }

    /// What a catalog file holds, besides its version.
    struct Contents {
        /// The vault's zone when the notes were parsed (dates without a zone depend on it).
        var timeZoneID: String
        /// The card syntax the cards were read in (``CardSyntax/canonicalText``).
        var syntax: String = CardSyntax.vault.canonicalText
        /// The scan the entries match.
        var fingerprint: ScanFingerprint
        /// The commit HEAD named when the git and mtime dates were taken;
        /// empty when no note needed one, or there was no commit.
        var gitHead: String
        var entries: CatalogEntries
        /// The entries as last written, chunk by chunk, when a watcher keeps
        /// them (``encodeChunks(_:chunkSize:reusing:changed:)``).
        var chunks: [[UInt8]]? = nil
    }

    /// The catalog at `url`, or nil when there is none, or it is damaged,
    /// cut short, of another format version, or not for `timeZoneID` and `syntax`.
    static func read(_ url: URL, timeZoneID: String, syntax: String = CardSyntax.vault.canonicalText) -> Contents? {
        file(in: url.deletingLastPathComponent()).withPayload { payload -> Contents? in
            do throws(CacheDamage) {
                return try decode(payload: payload, timeZoneID: timeZoneID, syntax: syntax)
            } catch {
                return nil
            }
        }
    }

    /// What the catalog at `url` says it matches, read from its first
    /// bytes only (no checksum: for a watcher that only wants to know
    /// whether to bring the file up to date; whoever reads the notes checks
    /// the whole file). Nil when there is no catalog of this format version.
    static func header(_ url: URL) -> (timeZoneID: String, syntax: String, scan: NoteCatalog.VouchedScan)? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > CacheFile.headerSize else { return nil }
        return bytes.withUnsafeBytes { raw -> (String, String, NoteCatalog.VouchedScan)? in
            let raw = UnsafeRawBufferPointer(rebasing: raw[..<n])
            guard file(in: url.deletingLastPathComponent()).header(raw) != nil else { return nil }
            var input = CacheReader(UnsafeRawBufferPointer(rebasing: raw[CacheFile.headerSize...]))
            do throws(CacheDamage) {
                let zone = try input.string()
                let syntax = try input.string()
                let fingerprint = ScanFingerprint(value: try input.u64())
                _ = try input.string()  // git HEAD
                let count = try input.int()
                return (zone, syntax, NoteCatalog.VouchedScan(fingerprint: fingerprint, count: count))
            } catch {
                return nil
            }
        }
    }

    /// Decodes the payload of a catalog file, entries in parallel on all cores.
    /// Returns nil for another zone or another card syntax.
    /// - Throws: ``CacheDamage`` when the bytes are not a catalog.
    static func decode(
        payload: UnsafeRawBufferPointer, timeZoneID: String, syntax wanted: String = CardSyntax.vault.canonicalText
    ) throws(CacheDamage) -> Contents? {
        var input = CacheReader(payload)
        let zone = try input.string()
        guard zone == timeZoneID else { return nil }
        let syntax = try input.string()
        guard syntax == wanted else { return nil }
        let fingerprint = ScanFingerprint(value: try input.u64())
        let gitHead = try input.string()
        let noteCount = try input.count(minimumBytesEach: 45)
        let cardCount = try input.count(minimumBytesEach: 21)
        let chunkSize = Int(try input.u32())
        let chunkCount = try input.count(minimumBytesEach: 16)
        var chunks: [CatalogDecoder.Chunk] = []
        chunks.reserveCapacity(chunkCount)
        for _ in 0..<chunkCount {
            chunks.append(
                CatalogDecoder.Chunk(
                    offset: Int(truncatingIfNeeded: try input.u64()), firstNote: Int(try input.u32()),
                    firstCard: Int(try input.u32())))
        }
        let entries = try CatalogDecoder(
            payload: payload, entriesStart: payload.count - input.remaining, chunkSize: chunkSize, chunks: chunks,
            noteCount: noteCount, cardCount: cardCount
        ).decode()
        return Contents(timeZoneID: zone, syntax: syntax, fingerprint: fingerprint, gitHead: gitHead, entries: entries)
    }

    /// The entries of `contents` encoded a chunk of `chunkSize` notes at a
    /// time, on all cores. Chunks of `reusing` (the same entries' chunks as
    /// last encoded) are taken as they are, except those holding an entry
    /// whose index is in `changed`; nil `changed` encodes every chunk.
    static func encodeChunks(
        _ contents: Contents, chunkSize: Int = CatalogDecoder.chunkSize, reusing old: [[UInt8]]? = nil,
        changed: Set<Int>? = nil
    ) -> [[UInt8]] {
        let entries = contents.entries
        let chunkCount = (entries.count + chunkSize - 1) / chunkSize
        let old = old?.count == chunkCount && changed != nil ? old : nil
        var dirty = [Bool](repeating: old == nil, count: chunkCount)
        for i in changed ?? [] where old != nil && i < entries.count { dirty[i / chunkSize] = true }
        let todo = dirty.indices.filter { dirty[$0] }
        let encoded = ParallelSlots<[UInt8]>(count: todo.count)
        entries.files.withUnsafeBufferPointer { files in
            entries.notes.withUnsafeBufferPointer { notes in
                entries.facts.bytes.withUnsafeBytes { facts in
                    entries.cards.withUnsafeBufferPointer { cards in
                        let arrays = UncheckedArrays(files: files, notes: notes, facts: facts, cards: cards)
                        DispatchQueue.concurrentPerform(iterations: todo.count) { t in
                            let k = todo[t]
                            let range = (k * chunkSize)..<min(entries.count, (k + 1) * chunkSize)
                            var out = CacheWriter(capacity: old?[k].count ?? range.count * 320)
                            for i in range {
                                let firstCard = i == 0 ? 0 : entries.cardEnds[i - 1]
                                CatalogCoding.encode(
                                    file: arrays.files.baseAddress! + i, note: arrays.notes.baseAddress! + i,
                                    facts: UnsafeRawBufferPointer(rebasing: arrays.facts[entries.facts.range(i)]),
                                    key: entries.keys[i],
                                    cards: UnsafeBufferPointer(rebasing: arrays.cards[firstCard..<entries.cardEnds[i]]),
                                    cardsUnread: entries.cardsUnread[i], into: &out)
                            }
                            encoded.store(out.bytes, at: t)
                        }
                    }
                }
            }
        }
        var chunks = old ?? []
        chunks.reserveCapacity(chunkCount)
        for (t, chunk) in encoded.values.enumerated() {
            if todo[t] < chunks.count { chunks[todo[t]] = chunk } else { chunks.append(chunk) }
        }
        return chunks
    }

    /// The four arrays being encoded, read by several threads at once.
    private struct UncheckedArrays: @unchecked Sendable {  // read only, while their owner keeps them
        let files: UnsafeBufferPointer<ScannedFile>
        let notes: UnsafeBufferPointer<NoteSummary>
        /// Every note's check facts, encoded (``StoredCheckFacts``).
        let facts: UnsafeRawBufferPointer
        let cards: UnsafeBufferPointer<Card>
    }

    /// The payload of a catalog file holding `contents`, whose entries are
    /// `chunks` (from ``encodeChunks(_:chunkSize:reusing:changed:)``), in the writer returned.
    static func payload(_ contents: Contents, chunks: [[UInt8]], chunkSize: Int = CatalogDecoder.chunkSize)
        -> CacheWriter
    {
        let size = 256 + chunks.count * 16 + chunks.reduce(0) { $0 + $1.count }
        var out = head(contents, chunks: chunks, chunkSize: chunkSize, capacity: size)
        for chunk in chunks { chunk.withUnsafeBytes { out.raw($0) } }
        return out
    }

    /// What comes before the chunks in the payload: the zone, fingerprint,
    /// git HEAD, counts and the table of chunks.
    private static func head(_ contents: Contents, chunks: [[UInt8]], chunkSize: Int, capacity: Int = 4096)
        -> CacheWriter
    {
        let entries = contents.entries
        var out = CacheWriter(capacity: capacity)
        out.string(contents.timeZoneID)
        out.string(contents.syntax)
        out.u64(contents.fingerprint.value)
        out.string(contents.gitHead)
        out.int(entries.count)
        out.int(entries.cards.count)
        out.u32(chunkSize)
        out.int(chunks.count)
        var offset = out.count + chunks.count * 16
        for k in chunks.indices {
            out.u64(UInt64(offset))
            out.u32(k * chunkSize)
            out.u32(k == 0 ? 0 : entries.cardEnds[k * chunkSize - 1])
            offset += chunks[k].count
        }
        return out
    }

    /// The payload of a catalog file holding `contents`, every chunk encoded.
    static func encode(_ contents: Contents, chunkSize: Int = CatalogDecoder.chunkSize) -> CacheWriter {
        payload(contents, chunks: encodeChunks(contents, chunkSize: chunkSize), chunkSize: chunkSize)
    }

    /// Writes `contents`, whose entries are `chunks`, to `folder/notes.bin`
    /// through a temporary file and a rename, so a reader sees the old
    /// catalog or the new one. No fsync: a catalog lost or torn in a crash
    /// is caught by its checksum and rebuilt. Returns false, leaving no
    /// temporary file, when it cannot be written.
    static func write(_ contents: Contents, chunks: [[UInt8]], to folder: URL) -> Bool {
        let head = head(contents, chunks: chunks, chunkSize: CatalogDecoder.chunkSize).bytes
        return file(in: folder).write(parts: [head] + chunks)
    }
}
