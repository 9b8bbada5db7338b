// Written by `VAULT_CACHE_FINGERPRINTS=write swift test --filter CacheFormatTests`; do not edit by hand.

/// What each cache stores for ``CacheCorpus`` (its fingerprint), with the
/// format version it was recorded at (``CacheFormatTests``).
enum RecordedCacheFingerprints {
    /// The digest of the corpus the fingerprints were taken from.
    static let corpus = "e4e3bcc67989c7c9"

    static let caches: [CacheFingerprint] = [
        CacheFingerprint(cache: "notes.bin", version: 11, fingerprint: "c014e8446dbd3f75"),
        CacheFingerprint(cache: "ledger.bin", version: 9, fingerprint: "fb9d9a5f55a3b8cb"),
        CacheFingerprint(cache: "ledger-cards.bin", version: 9, fingerprint: "b0794021214308f0"),
        CacheFingerprint(cache: "cards.bin", version: 4, fingerprint: "334f6390b8de231f"),
        CacheFingerprint(cache: "index.sqlite", version: 8, fingerprint: "93f29022f2d67ed7"),
    ]
}
