// Written by `VAULT_CACHE_FINGERPRINTS=write swift test --filter CacheFormatTests`; do not edit by hand.

/// What each cache stores for ``CacheCorpus`` (its fingerprint), with the
/// format version it was recorded at (``CacheFormatTests``).
enum RecordedCacheFingerprints {
    /// The digest of the corpus the fingerprints were taken from.
    static let corpus = "f1e7ee79b33f710c"

    static let caches: [CacheFingerprint] = [
        CacheFingerprint(cache: "notes.bin", version: 17, fingerprint: "04c5aba17781cd30"),
        CacheFingerprint(cache: "ledger.bin", version: 11, fingerprint: "30861afe853300f1"),
        CacheFingerprint(cache: "ledger-cards.bin", version: 11, fingerprint: "b0794021214308f0"),
        CacheFingerprint(cache: "cards.bin", version: 6, fingerprint: "0e6cc471f6231e57"),
        CacheFingerprint(cache: "index.sqlite", version: 8, fingerprint: "edb155670cd493f3"),
    ]
}
