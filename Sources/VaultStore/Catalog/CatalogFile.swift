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
    static let version: UInt32 = 2  // 2: titles by the opening-heading rule
    static let prefixSize = 32

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
        let contents = FileIO.withContents(of: url.path) { raw -> Contents? in
            do throws(CatalogDamage) {
                return try decode(raw, timeZoneID: timeZoneID)
            } catch {
                return nil
            }
        }
        return contents ?? nil
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
        guard n > prefixSize else { return nil }
        return bytes.withUnsafeBytes { raw -> (String, NoteCatalog.VouchedScan)? in
            let raw = UnsafeRawBufferPointer(rebasing: raw[..<n])
            guard raw.prefix(magic.count).elementsEqual(magic) else { return nil }
            var input = CatalogReader(UnsafeRawBufferPointer(rebasing: raw[magic.count...]))
            do throws(CatalogDamage) {
                guard try input.uint32() == version else { return nil }
                _ = try input.uint32()  // reserved
                _ = try input.uint64()  // payload length
                _ = try input.uint64()  // checksum
                let zone = try input.string()
                let fingerprint = ScanFingerprint(value: try input.uint64())
                _ = try input.string()  // git HEAD
                let count = Int(try input.uint32())
                return (zone, NoteCatalog.VouchedScan(fingerprint: fingerprint, count: count))
            } catch {
                return nil
            }
        }
    }

    /// Decodes the bytes of a catalog file, entries in parallel on all cores.
    /// Returns nil for another format version or zone.
    /// - Throws: ``CatalogDamage`` when the bytes are not a catalog.
    static func decode(
        _ raw: UnsafeRawBufferPointer, timeZoneID: String
    ) throws(CatalogDamage) -> Contents? {
        guard raw.count >= prefixSize, raw.prefix(magic.count).elementsEqual(magic) else { throw CatalogDamage() }
        var prefix = CatalogReader(UnsafeRawBufferPointer(rebasing: raw[magic.count..<prefixSize]))
        guard try prefix.uint32() == version else { return nil }
        _ = try prefix.uint32()  // reserved
        let length = try prefix.uint64()
        let checksum = try prefix.uint64()
        let payload = UnsafeRawBufferPointer(rebasing: raw[prefixSize...])
        guard length == UInt64(payload.count), checksum == CacheFile.checksum(payload) else { throw CatalogDamage() }
        var input = CatalogReader(payload)
        let zone = try input.string()
        guard zone == timeZoneID else { return nil }
        let fingerprint = ScanFingerprint(value: try input.uint64())
        let gitHead = try input.string()
        let noteCount = try input.count(minimumBytesEach: 64)
        let cardCount = try input.count(minimumBytesEach: 33)
        let chunkSize = Int(try input.uint32())
        let chunkCount = try input.count(minimumBytesEach: 16)
        var chunks: [CatalogDecoder.Chunk] = []
        chunks.reserveCapacity(chunkCount)
        for _ in 0..<chunkCount {
            chunks.append(
                CatalogDecoder.Chunk(
                    offset: Int(truncatingIfNeeded: try input.uint64()), firstNote: Int(try input.uint32()),
                    firstCard: Int(try input.uint32())))
        }
        let entries = try CatalogDecoder(
            payload: payload, entriesStart: payload.count - input.remaining, chunkSize: chunkSize, chunks: chunks,
            noteCount: noteCount, cardCount: cardCount
        ).decode()
        return Contents(timeZoneID: zone, fingerprint: fingerprint, gitHead: gitHead, entries: entries)
    }

    /// The bytes of a catalog file holding `contents`, in the writer
    /// returned, with a chunk table entry every `chunkSize` notes.
    static func encode(_ contents: Contents, capacity: Int, chunkSize: Int = CatalogDecoder.chunkSize)
        -> CatalogWriter
    {
        let entries = contents.entries
        var out = CatalogWriter(capacity: capacity)
        for byte in magic { out.uint8(byte) }
        out.uint32(Int(version))
        out.uint32(0)  // reserved
        out.uint64(0)  // payload length, set below
        out.uint64(0)  // checksum, set below
        out.string(contents.timeZoneID)
        out.uint64(contents.fingerprint.value)
        out.string(contents.gitHead)
        out.uint32(entries.count)
        out.uint32(entries.cards.count)
        let chunkCount = (entries.count + chunkSize - 1) / chunkSize
        out.uint32(chunkSize)
        out.uint32(chunkCount)
        let table = out.count
        for _ in 0..<chunkCount {
            out.uint64(0)
            out.uint32(0)
            out.uint32(0)
        }
        entries.files.withUnsafeBufferPointer { files in
            entries.notes.withUnsafeBufferPointer { notes in
                entries.cards.withUnsafeBufferPointer { cards in
                    for i in 0..<entries.count {
                        let firstCard = i == 0 ? 0 : entries.cardEnds[i - 1]
                        if i % chunkSize == 0 {
                            let row = table + i / chunkSize * 16
                            out.setUInt64(UInt64(out.count - prefixSize), at: row)
                            out.setUInt32(i, at: row + 8)
                            out.setUInt32(firstCard, at: row + 12)
                        }
                        CatalogCoding.encode(
                            file: files.baseAddress! + i, note: notes.baseAddress! + i,
                            cards: UnsafeBufferPointer(rebasing: cards[firstCard..<entries.cardEnds[i]]), into: &out)
                    }
                }
            }
        }
        let payloadLength = out.count - prefixSize
        let checksum = out.withBytes { CacheFile.checksum(UnsafeRawBufferPointer(rebasing: $0[prefixSize...])) }
        out.setUInt64(UInt64(payloadLength), at: 16)
        out.setUInt64(checksum, at: 24)
        return out
    }

    /// Writes `contents` to `folder/notes.bin` through a temporary file and a
    /// rename, so a reader sees the old catalog or the new one. No fsync: a
    /// catalog lost or torn in a crash is caught by its checksum and rebuilt.
    /// Returns false, leaving no temporary file, when it cannot be written.
    static func write(_ contents: Contents, to folder: URL, capacity: Int) -> Bool {
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil
        else { return false }
        let encoded = encode(contents, capacity: capacity)
        let target = folder.appendingPathComponent(name).path
        let temporary =
            folder.appendingPathComponent(".\(name).vault-tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        let failure = encoded.withBytes { FileIO.writeAll(fd, $0) }
        close(fd)
        guard failure == nil, rename(temporary, target) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
