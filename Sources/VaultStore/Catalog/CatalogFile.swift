import Foundation
import VaultCore

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
    static let version: UInt64 = 5  // 2: titles by the opening-heading rule; 3: the caches' one codec; 4: front matter type warnings; 5: deep Markdown warnings

    /// The catalog file in `folder`, framed as every cache is.
    static func file(in folder: URL) -> CacheFile {
        CacheFile(url: folder.appendingPathComponent(name), magic: magic, version: version)
    }

    /// What a catalog file holds, besides its version.
    struct Contents {
        /// The vault's zone when the notes were parsed (dates without a zone depend on it).
        var timeZoneID: String
        /// The scan the entries match.
        var fingerprint: ScanFingerprint
        /// The commit HEAD named when the git and mtime dates were taken;
        /// empty when no note needed one, or there was no commit.
        var gitHead: String
        var entries: CatalogEntries
    }

    /// The catalog at `url`, or nil when there is none, or it is damaged,
    /// cut short, of another format version, or not for `timeZoneID`.
    static func read(_ url: URL, timeZoneID: String) -> Contents? {
        file(in: url.deletingLastPathComponent()).withPayload { payload -> Contents? in
            do throws(CacheDamage) {
                return try decode(payload: payload, timeZoneID: timeZoneID)
            } catch {
                return nil
            }
        }
    }

    /// What the catalog at `url` says it matches, read from its first
    /// bytes only (no checksum: for a watcher that only wants to know
    /// whether to bring the file up to date; whoever reads the notes checks
    /// the whole file). Nil when there is no catalog of this format version.
    static func header(_ url: URL) -> (timeZoneID: String, scan: NoteCatalog.VouchedScan)? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > CacheFile.headerSize else { return nil }
        return bytes.withUnsafeBytes { raw -> (String, NoteCatalog.VouchedScan)? in
            let raw = UnsafeRawBufferPointer(rebasing: raw[..<n])
            guard file(in: url.deletingLastPathComponent()).header(raw) != nil else { return nil }
            var input = CacheReader(UnsafeRawBufferPointer(rebasing: raw[CacheFile.headerSize...]))
            do throws(CacheDamage) {
                let zone = try input.string()
                let fingerprint = ScanFingerprint(value: try input.u64())
                _ = try input.string()  // git HEAD
                let count = try input.int()
                return (zone, NoteCatalog.VouchedScan(fingerprint: fingerprint, count: count))
            } catch {
                return nil
            }
        }
    }

    /// Decodes the payload of a catalog file, entries in parallel on all cores.
    /// Returns nil for another zone.
    /// - Throws: ``CacheDamage`` when the bytes are not a catalog.
    static func decode(payload: UnsafeRawBufferPointer, timeZoneID: String) throws(CacheDamage) -> Contents? {
        var input = CacheReader(payload)
        let zone = try input.string()
        guard zone == timeZoneID else { return nil }
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
        return Contents(timeZoneID: zone, fingerprint: fingerprint, gitHead: gitHead, entries: entries)
    }

    /// The payload of a catalog file holding `contents`, in the writer
    /// returned, with a chunk table entry every `chunkSize` notes.
    static func encode(_ contents: Contents, capacity: Int, chunkSize: Int = CatalogDecoder.chunkSize)
        -> CacheWriter
    {
        let entries = contents.entries
        var out = CacheWriter(capacity: capacity)
        out.string(contents.timeZoneID)
        out.u64(contents.fingerprint.value)
        out.string(contents.gitHead)
        out.int(entries.count)
        out.int(entries.cards.count)
        let chunkCount = (entries.count + chunkSize - 1) / chunkSize
        out.u32(chunkSize)
        out.int(chunkCount)
        let table = out.count
        for _ in 0..<chunkCount {
            out.u64(0)
            out.u32(0)
            out.u32(0)
        }
        entries.files.withUnsafeBufferPointer { files in
            entries.notes.withUnsafeBufferPointer { notes in
                entries.cards.withUnsafeBufferPointer { cards in
                    for i in 0..<entries.count {
                        let firstCard = i == 0 ? 0 : entries.cardEnds[i - 1]
                        if i % chunkSize == 0 {
                            let row = table + i / chunkSize * 16
                            out.setU64(UInt64(out.count), at: row)
                            out.setU32(i, at: row + 8)
                            out.setU32(firstCard, at: row + 12)
                        }
                        CatalogCoding.encode(
                            file: files.baseAddress! + i, note: notes.baseAddress! + i,
                            cards: UnsafeBufferPointer(rebasing: cards[firstCard..<entries.cardEnds[i]]), into: &out)
                    }
                }
            }
        }
        return out
    }

    /// Writes `contents` to `folder/notes.bin` through a temporary file and a
    /// rename, so a reader sees the old catalog or the new one. No fsync: a
    /// catalog lost or torn in a crash is caught by its checksum and rebuilt.
    /// Returns false, leaving no temporary file, when it cannot be written.
    static func write(_ contents: Contents, to folder: URL, capacity: Int) -> Bool {
        file(in: folder).write(encode(contents, capacity: capacity))
    }
}
