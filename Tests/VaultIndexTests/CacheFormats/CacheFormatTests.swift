import Foundation
import Testing

/// Cache formats tied to the code that reads them (docs/ARCHITECTURE.md,
/// "Who owns each cache"): every binary cache has a hand-bumped format
/// version, and a cache written by an older rule is trusted as long as its
/// version matches. So a change to what a cache stores for the same files
/// (a parse rule, the card extractor, the replay, a scheduler, the index's
/// fields) must come with a bump, or every vault keeps serving the old
/// answers from its cache. This test fails when it does not.
///
/// To record the table after bumping a version, or after changing the corpus:
///
///     VAULT_CACHE_FINGERPRINTS=write swift test --filter CacheFormatTests
///
/// (it rewrites `RecordedCacheFingerprints.swift`, which the next build
/// compiles in, and refuses a fingerprint that changed at an unchanged
/// version; `=print` only prints the table).
@Suite("Cache formats tied to the code that reads them")
struct CacheFormatTests {
    static let command = "VAULT_CACHE_FINGERPRINTS=write swift test --filter CacheFormatTests"

    @Test("each cache stores, for the same notes and ledger, what it stored at its format version")
    func fingerprintsMatchTheirVersions() throws {
        let corpus = try CacheCorpus()
        let measured = try CacheFingerprints.measure(corpus)
        let mode = ProcessInfo.processInfo.environment["VAULT_CACHE_FINGERPRINTS"] ?? ""
        let table = RecordedTable.source(corpus: corpus.inputDigest, measured)
        let problems = Self.problems(measured, corpus: corpus.inputDigest)
        switch mode {
        case "print":
            print(table)
        case "write":
            // A changed fingerprint is recorded only at a new version (or for a new corpus).
            let refused = problems.filter { $0.kind == .unbumped }
            guard refused.isEmpty else {
                for problem in refused { Issue.record(Comment(rawValue: problem.message)) }
                return
            }
            try Data(table.utf8).write(to: RecordedTable.file)
            print("Wrote \(RecordedTable.file.path) (the next `swift test` compiles it in):\n\(table)")
        default:
            for problem in problems {
                Issue.record(Comment(rawValue: problem.message + "\n\nThe table as measured now:\n\n" + table))
            }
        }
    }

    /// Why the measured fingerprints differ from the table.
    struct Problem: Equatable {
        enum Kind: Equatable {
            /// The corpus's files differ from those the table was taken from.
            case corpus
            /// A version was bumped (or a cache added or removed) and the table not recorded since.
            case unrecorded
            /// The contents changed at the same version: the version needs a bump.
            case unbumped
        }
        var kind: Kind
        var message: String
    }

    /// What differs between `measured` (for a corpus of digest `corpus`) and `recorded`.
    static func problems(
        _ measured: [CacheFingerprint], corpus: String,
        recorded: [CacheFingerprint] = RecordedCacheFingerprints.caches,
        recordedCorpus: String = RecordedCacheFingerprints.corpus
    ) -> [Problem] {
        if corpus != recordedCorpus {
            return [
                Problem(
                    kind: .corpus,
                    message: """
                        The corpus the cache fingerprints are taken from changed (ExampleVault, or TrickyNotes in \
                        Tests/VaultIndexTests/CacheFormats): its digest is \(corpus), the table's \(recordedCorpus). \
                        Record the fingerprints of the new corpus with `\(command)`. Change the corpus in a commit \
                        of its own: a rule changed in the same commit would be recorded without a version bump.
                        """)
            ]
        }
        var problems: [Problem] = []
        for now in measured {
            let site = CacheFingerprints.versionSites[now.cache] ?? "its version"
            guard let then = recorded.first(where: { $0.cache == now.cache }) else {
                problems.append(
                    Problem(
                        kind: .unrecorded,
                        message: "\(now.cache) has no recorded fingerprint: record it with `\(command)`."))
                continue
            }
            if then.version != now.version {
                problems.append(
                    Problem(
                        kind: .unrecorded,
                        message: """
                            \(now.cache) is at format version \(now.version) and the table at \(then.version): \
                            record its fingerprint at the new version with `\(command)`.
                            """))
            } else if then.fingerprint != now.fingerprint {
                problems.append(
                    Problem(
                        kind: .unbumped,
                        message: """
                            \(now.cache) stores other contents for the same notes and ledger than when format \
                            version \(now.version) was recorded (fingerprint \(now.fingerprint), recorded \
                            \(then.fingerprint)): a rule it depends on changed, and every vault's \(now.cache) \
                            written before it would still be read as current. Bump \(site), then record the \
                            table with `\(command)`.
                            """))
            }
        }
        for then in recorded where !measured.contains(where: { $0.cache == then.cache }) {
            problems.append(
                Problem(
                    kind: .unrecorded,
                    message: "\(then.cache) is recorded but no longer measured: record the table with `\(command)`."))
        }
        return problems
    }

    @Test(
        "a fingerprint that changes at the same version asks for a bump; a bump asks for the table; a new corpus for both"
    )
    func problemsSayWhatToDo() {
        let recorded = [
            CacheFingerprint(cache: "notes.bin", version: 10, fingerprint: "aaaa"),
            CacheFingerprint(cache: "cards.bin", version: 4, fingerprint: "bbbb"),
        ]
        func problems(_ measured: [CacheFingerprint], corpus: String = "c1") -> [Problem] {
            Self.problems(measured, corpus: corpus, recorded: recorded, recordedCorpus: "c1")
        }
        #expect(problems(recorded).isEmpty)
        let unbumped = problems([recorded[0], CacheFingerprint(cache: "cards.bin", version: 4, fingerprint: "cccc")])
        #expect(unbumped.map(\.kind) == [.unbumped])
        #expect(unbumped.first?.message.contains("Bump CardScheduleMemo.version") == true)
        #expect(unbumped.first?.message.contains(Self.command) == true)
        let bumped = problems([recorded[0], CacheFingerprint(cache: "cards.bin", version: 5, fingerprint: "cccc")])
        #expect(bumped.map(\.kind) == [.unrecorded])
        // A version bump with the same contents is fine by the rule, but the table must follow it.
        #expect(
            problems([recorded[0], CacheFingerprint(cache: "cards.bin", version: 5, fingerprint: "bbbb")]).map(\.kind)
                == [.unrecorded])
        #expect(problems(recorded, corpus: "c2").map(\.kind) == [.corpus])
        #expect(problems([recorded[0]]).map(\.kind) == [.unrecorded])
    }
}

/// The table's source file, as the test writes it.
enum RecordedTable {
    /// `RecordedCacheFingerprints.swift`, beside this file.
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("RecordedCacheFingerprints.swift")

    static func source(corpus: String, _ fingerprints: [CacheFingerprint]) -> String {
        let rows = fingerprints.map {
            "        CacheFingerprint(cache: \"\($0.cache)\", version: \($0.version), fingerprint: \"\($0.fingerprint)\"),"
        }
        return """
            // Written by `\(CacheFormatTests.command)`; do not edit by hand.

            /// What each cache stores for ``CacheCorpus`` (its fingerprint), with the
            /// format version it was recorded at (``CacheFormatTests``).
            enum RecordedCacheFingerprints {
                /// The digest of the corpus the fingerprints were taken from.
                static let corpus = "\(corpus)"

                static let caches: [CacheFingerprint] = [
            \(rows.joined(separator: "\n"))
                ]
            }

            """
    }
}
