import Foundation
import GRDB
import Testing
import VaultCore

@testable import VaultIndex
@testable import VaultStore

/// One cache's fingerprint: what it stores for ``CacheCorpus``, hashed, at the
/// format version its code reads and writes.
struct CacheFingerprint: Hashable {
    /// The cache's file name in `.vault/cache/`.
    var cache: String
    /// Its format version as the code has it now.
    var version: Int
    /// FNV-1a (64 bits, hex) of the bytes the cache stores for the corpus.
    var fingerprint: String
}

/// Each cache's contents for ``CacheCorpus``, made by the very code that
/// writes the cache (the note catalog's load, the replay cache's encoder,
/// the card schedule memo's, the search index's refresh), minus the cache
/// file's header (magic, version, length, checksum). Each is also decoded
/// and encoded again, to the same bytes: the decoder reads back every field
/// the encoder wrote, so the fingerprint covers all the cache stores.
enum CacheFingerprints {
    /// Where each cache's format version is set, for the message that asks for a bump.
    static let versionSites: [String: String] = [
        "notes.bin": "CatalogFile.version (Sources/VaultStore/Catalog/CatalogFile.swift)",
        "ledger.bin": "ReplayCache.version (Sources/VaultStore/Ledger/ReplayCache.swift)",
        "ledger-cards.bin": "ReplayCache.version (Sources/VaultStore/Ledger/ReplayCache.swift)",
        "cards.bin": "CardScheduleMemo.version (Sources/VaultStore/Ledger/CardScheduleMemo.swift)",
        "index.sqlite": "IndexSchema.version (Sources/VaultIndex/IndexSchema.swift)",
    ]

    /// A generation for the replay's card log and the memo's key (a random number in use).
    static let generation: UInt64 = 0x5EED_CAFE

    /// Every cache's fingerprint for `corpus`, in a fixed order.
    static func measure(_ corpus: CacheCorpus) throws -> [CacheFingerprint] {
        let (catalog, cards) = try notesBin(corpus)
        let (ledger, ledgerCards, log) = try ledgerBin(corpus)
        return [
            catalog, ledger, ledgerCards, try cardsBin(corpus, cards: cards, log: log), try indexSQLite(corpus),
        ]
    }

    /// FNV-1a of `bytes`, as 16 hex digits.
    static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String { CacheCorpus.hex(StableHash.fnv1a(bytes)) }

    /// Fails the test when `payload` holds the corpus's temporary path: a cache must store nothing that depends on where the vault is.
    static func expectNoPath(_ payload: [UInt8], of corpus: CacheCorpus, cache: String) {
        let path = Array(corpus.root.path.utf8)
        let found =
            payload.count >= path.count
            && (0...(payload.count - path.count)).contains { start in
                payload[start..<(start + path.count)].elementsEqual(path)
            }
        #expect(!found, "\(cache) holds the vault's temporary path: its fingerprint would change from run to run")
    }

    // MARK: notes.bin

    /// `notes.bin` as the note catalog writes it for the corpus (every note
    /// parsed, its cards extracted, fallback dates from the files' times), and its cards.
    static func notesBin(_ corpus: CacheCorpus) throws -> (CacheFingerprint, [Card]) {
        let zone = corpus.vault.config.timeZone
        let loaded = NoteCatalog(layout: corpus.layout, timeZone: zone).load(scan: corpus.scan)
        try #require(loaded.report.written, "the corpus's note catalog could not be written")
        let url = corpus.layout.cacheFolder.appendingPathComponent(CatalogFile.name)
        let file = [UInt8](try Data(contentsOf: url))
        let payload = Array(file[CacheFile.headerSize...])
        let contents = try #require(CatalogFile.read(url, timeZoneID: zone.identifier))
        #expect(contents.gitHead == "", "the corpus is in a git repository: its dates would come from that repository")
        #expect(CatalogFile.encode(contents).bytes == payload, "notes.bin does not read back to the bytes written")
        expectNoPath(payload, of: corpus, cache: "notes.bin")
        #expect(loaded.notes.contains { $0.createdOrigin == .copied } && loaded.cards.contains { $0.hint != nil })
        return (
            CacheFingerprint(cache: "notes.bin", version: Int(CatalogFile.version), fingerprint: hash(payload)),
            loaded.cards
        )
    }

    // MARK: ledger.bin, ledger-cards.bin

    /// `ledger.bin` and `ledger-cards.bin` as the replay cache encodes a whole
    /// ledger read (the ledger files' stat fields made up, as the notes'), and the card log.
    static func ledgerBin(_ corpus: CacheCorpus) throws -> (CacheFingerprint, CacheFingerprint, CardEventLog) {
        let cache = ReplayCache(layout: corpus.layout, timeZone: corpus.vault.config.timeZone)
        var stored = cache.replayed(LedgerStore(layout: corpus.layout).read(), generation: generation)
        stored.states = stored.states.map(CacheCorpus.fixed)
        guard case .decoded(let log) = stored.cardLog else { throw CacheDamage() }
        var replay = CacheWriter()
        cache.encode(stored, into: &replay)
        var cards = CacheWriter()
        ReplayCache.encode(log, generation: generation, into: &cards)
        let (replayBytes, cardBytes) = (replay.bytes, cards.bytes)
        // Read back and written again: the same bytes.
        let decoded = try replayBytes.withUnsafeBytes { raw in
            var reader = CacheReader(raw)
            return try cache.decode(&reader)
        }
        var again = CacheWriter()
        cache.encode(try #require(decoded), into: &again)
        #expect(again.bytes == replayBytes, "ledger.bin does not read back to the bytes written")
        let decodedLog = try cardBytes.withUnsafeBytes { raw in
            var reader = CacheReader(raw)
            #expect(try reader.u64() == generation)
            return try ReplayCoding.decodeCardLog(&reader)
        }
        var logAgain = CacheWriter()
        ReplayCache.encode(decodedLog, generation: generation, into: &logAgain)
        #expect(logAgain.bytes == cardBytes, "ledger-cards.bin does not read back to the bytes written")
        expectNoPath(replayBytes, of: corpus, cache: "ledger.bin")
        expectNoPath(cardBytes, of: corpus, cache: "ledger-cards.bin")
        #expect(!stored.diagnostics.isEmpty && stored.replay.curation.finished.count > 1 && !log.links.isEmpty)
        let version = Int(ReplayCache.version)
        return (
            CacheFingerprint(cache: "ledger.bin", version: version, fingerprint: hash(replayBytes)),
            CacheFingerprint(cache: "ledger-cards.bin", version: version, fingerprint: hash(cardBytes)), log
        )
    }

    // MARK: cards.bin

    /// The scheduler configs the memo is measured under: the corpus's own
    /// (fsrs by default, sm2, ladder and tiers by folder), and one with FSRS
    /// settings of its own (weights, retention, steps, fuzz) under a default of sm2.
    static func configs(_ corpus: CacheCorpus) -> [SchedulerConfig] {
        var own = FSRSSettings()
        own.desiredRetention = 0.85
        own.parameters[0] = 0.5
        own.parameters[20] = 0.2
        own.learningSteps = [60, 600, 3_600]
        own.relearningSteps = [300]
        own.maximumInterval = 90
        own.fuzz = true
        return [
            corpus.vault.config.schedulers,
            SchedulerConfig(
                defaultSettings: .sm2,
                folders: [
                    .init(prefix: "2026/", settings: .fsrs(own)),
                    .init(prefix: "tricky/", settings: .tiers(promotionStreak: 2)),
                    .init(prefix: "2026/09/", settings: .ladder(steps: [1, 3, 8])),
                ]),
        ]
    }

    /// `cards.bin` as the card schedule memo writes it for the catalog's
    /// cards, replayed from the card log, under each of ``configs(_:)``.
    static func cardsBin(_ corpus: CacheCorpus, cards: [Card], log: CardEventLog) throws -> CacheFingerprint {
        var all: [UInt8] = []
        for config in configs(corpus) {
            let schedules = CardScheduleMemo.replayed(log, cards: cards, config: config)
            let key = CardScheduleMemo.Key(generation: generation, cards: cards, config: config)
            var w = CacheWriter()
            try #require(CardScheduleMemo.encode(schedules, key: key, cards: cards, into: &w))
            let bytes = w.bytes
            let decoded = try #require(
                bytes.withUnsafeBytes { raw in
                    var reader = CacheReader(raw)
                    return CardScheduleMemo.decode(&reader, key: key, cards: cards, config: config)
                })
            var again = CacheWriter()
            _ = CardScheduleMemo.encode(decoded, key: key, cards: cards, into: &again)
            #expect(again.bytes == bytes, "cards.bin does not read back to the bytes written")
            #expect(schedules.values.contains { $0.reviews > 0 })
            all += bytes
        }
        return CacheFingerprint(cache: "cards.bin", version: Int(CardScheduleMemo.version), fingerprint: hash(all))
    }

    // MARK: index.sqlite

    /// `index.sqlite` as a refresh builds it for the corpus: the schema of
    /// the tables vault makes, the FTS settings it sets, every row of
    /// `notes` and `notes_fts` (the fields filters test and the text the
    /// tokenizer is given) and the `meta` keys but the last refresh's
    /// numbers and time. SQLite's own pages, shadow tables and tokens are
    /// not vault's format (a newer SQLite may lay them out otherwise).
    static func indexSQLite(_ corpus: CacheCorpus) throws -> CacheFingerprint {
        let index = try SearchIndex(layout: corpus.layout, timeZone: corpus.vault.config.timeZone)
        try index.refresh(rebuild: true, scan: corpus.scan)
        var bytes: [UInt8] = []
        try index.database.read { db in
            let queries = [
                "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name IN ('notes', 'notes_created', 'notes_fts', 'meta') ORDER BY name",
                "SELECT k, v FROM notes_fts_config WHERE k IN ('pgsz', 'automerge') ORDER BY k",
                "SELECT * FROM notes ORDER BY rowid",
                "SELECT rowid, * FROM notes_fts ORDER BY rowid",
                "SELECT key, value FROM meta WHERE key NOT LIKE 'last\\_%' ESCAPE '\\' ORDER BY key",
            ]
            for sql in queries {
                bytes += Array(sql.utf8) + [0]
                for row in try Row.fetchAll(db, sql: sql) {
                    for (column, value) in row {
                        bytes += Array(column.utf8) + [0]
                        bytes += encoded(value)
                    }
                    bytes.append(0x1E)
                }
            }
        }
        #expect(bytes.count > 10_000)
        expectNoPath(bytes, of: corpus, cache: "index.sqlite")
        return CacheFingerprint(cache: "index.sqlite", version: IndexSchema.version, fingerprint: hash(bytes))
    }

    /// A column's value with its storage class, so that 1 and '1' differ.
    static func encoded(_ value: DatabaseValue) -> [UInt8] {
        func number(_ n: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: n >> ($0 * 8)) } }
        switch value.storage {
        case .null: return [0]
        case .int64(let n): return [1] + number(UInt64(bitPattern: n))
        case .double(let d): return [2] + number(d.bitPattern)
        case .string(let s): return [3] + number(UInt64(s.utf8.count)) + Array(s.utf8)
        case .blob(let data): return [4] + number(UInt64(data.count)) + Array(data)
        }
    }
}
