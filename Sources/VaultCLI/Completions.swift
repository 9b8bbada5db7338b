import ArgumentParser
import Foundation
import VaultApp
import VaultCore

/// What the shell completions offer for a vault's own words: note paths and
/// id prefixes, categories, tags, review periods. The completion scripts
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

    /// Review period ids around now: the last 8 weeks, 6 months and 3 years.
    static let periods = CompletionKind.custom { words, _, prefix in
        guard let context = context(words) else { return [] }
        let zone = context.config.timeZone
        var offers: [String] = []
        for (level, count) in [(ReviewLevel.weekly, 8), (.monthly, 6), (.yearly, 3)] {
            var period = ReviewPeriod(level: level, containing: context.now, in: zone)
            for _ in 0..<count {
                offers.append(period.id)
                period = period.previous
            }
        }
        return offers.filter { $0.hasPrefix(prefix) }
    }

    /// The vault the typed words name, opened for reading.
    static func context(_ words: [String]) -> AppContext? {
        var explicit: String?
        if let i = words.firstIndex(of: "--vault"), i + 1 < words.count { explicit = words[i + 1] }
        if let word = words.first(where: { $0.hasPrefix("--vault=") }) { explicit = String(word.dropFirst(8)) }
        return CompositionRoot.completionContext(explicitVault: explicit)
    }
}
