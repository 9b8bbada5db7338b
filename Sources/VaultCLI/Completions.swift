import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultWiring

/// What the shell completions offer for a vault's own words: note paths and
/// id prefixes, categories, tags, review periods, itineraries. The completion scripts
/// (`vault --generate-completion-script bash|zsh|fish`) call the binary
/// back with the words typed so far; it opens the vault those words name
/// (`--vault`, else `$VAULT_DIR`, else the current folder's) and answers
/// from the note catalog. Any failure offers nothing rather than an error.
enum Completions {
    /// Note paths and the 8-character id prefixes `vault list` shows.
    static let notes = CompletionKind.custom { words, _, prefix in
        guard let context = context(words) else { return [] }
        let summaries = context.notes.summaries().notes
        var offers = summaries.map(\.path)
        offers += summaries.compactMap { $0.id.map { String($0.prefix(8)) } }
        return offers.filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// The vault's categories, as the config spells them.
    static let categories = CompletionKind.custom { words, _, prefix in
        (context(words)?.config.categories.map(\.name) ?? []).filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    }

    /// The vault's subjects (`vault subject list`).
    static let subjects = CompletionKind.custom { words, _, prefix in
        (context(words)?.config.subjects.map(\.name) ?? []).filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    }

    /// The vault's source types.
    static let sourceTypes = CompletionKind.custom { words, _, prefix in
        (context(words)?.config.sourceTypes ?? []).filter { $0.hasPrefix(prefix.lowercased()) }
    }

    /// The tags in use, most used first.
    static let tags = CompletionKind.custom { words, _, prefix in
        guard let context = context(words) else { return [] }
        var counts: [String: Int] = [:]
        for note in context.notes.summaries().notes { for tag in note.tags { counts[tag, default: 0] += 1 } }
        return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key).filter { $0.hasPrefix(prefix) }
    }

    /// Review period ids around now, of the level typed before them
    /// (`review weekly` offers weeks only): the last 8 weeks, 6 months or 3 years.
    static let periods = CompletionKind.custom { words, _, prefix in
        guard let context = context(words) else { return [] }
        return periodOffers(level: typedLevel(words), now: context.now, in: context.config.timeZone, prefix: prefix)
    }

    /// The level the words name after `review` (`vault review weekly …`), if any.
    static func typedLevel(_ words: [String]) -> ReviewLevel? {
        guard let review = words.firstIndex(of: "review") else { return nil }
        return words[(review + 1)...].lazy.compactMap { ReviewLevel(rawValue: $0) }.first
    }

    /// The period ids offered for `level` (every level when nil), latest first, that start with `prefix`.
    static func periodOffers(level: ReviewLevel?, now: Date, in zone: TimeZone, prefix: String) -> [String] {
        var offers: [String] = []
        for (each, count) in [(ReviewLevel.weekly, 8), (.monthly, 6), (.yearly, 3)] where level == nil || level == each {
            var period = ReviewPeriod(level: each, containing: now, in: zone)
            for _ in 0..<count {
                offers.append(period.id)
                period = period.previous
            }
        }
        return offers.filter { $0.hasPrefix(prefix) }
    }

    /// The names of the vault's itineraries (memory palaces), as `vault loci list` shows them.
    static let itineraries = CompletionKind.custom { words, _, prefix in
        guard let context = context(words) else { return [] }
        return LociPalaces(context).walks.map(\.name).filter { $0.lowercased().hasPrefix(prefix.lowercased()) }.sorted()
    }

    /// The vault the typed words name, opened for reading.
    static func context(_ words: [String]) -> AppContext? {
        var explicit: String?
        if let i = words.firstIndex(of: "--vault"), i + 1 < words.count { explicit = words[i + 1] }
        if let word = words.first(where: { $0.hasPrefix("--vault=") }) { explicit = String(word.dropFirst(8)) }
        return CompositionRoot.completionContext(explicitVault: explicit)
    }
}
