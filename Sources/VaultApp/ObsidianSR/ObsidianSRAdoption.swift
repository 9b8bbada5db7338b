import Foundation
import VaultCore

/// A vault kept with Obsidian's Spaced Repetition plugin, adopted as it is: what `vault init`
/// says it found, what `vault check` says when the plugin's `data.json` and
/// `.vault/config.yml` disagree (or the file came later), and `vault check --fix` taking
/// the plugin's settings into the config (docs/FORMAT.md, Obsidian Spaced Repetition).
public enum ObsidianSRAdoption {
    /// What an adopted vault holds, counted as `vault` reads it now.
    public struct Summary: Hashable, Sendable {
        /// Notes holding at least one card.
        public var notes: Int
        public var cards: Int
        /// Cards whose schedule comes from a schedule stored in the note.
        public var stored: Int
        public var new: Int
        /// The decks the cards are in (`flashcards/science`), sorted.
        public var decks: [String]
        /// The plugin's flashcard tags (`#flashcards`), or nil with folders as decks.
        public var tags: [String]?
        /// Note reviews (notes tagged with the plugin's `tagsToReview`), and how many have a schedule.
        public var noteReviews: Int
        public var scheduledNoteReviews: Int
        /// The plugin's review tags (`#review`).
        public var reviewTags: [String]
    }

    /// The cards of the vault under `context`, counted.
    public static func summary(_ context: AppContext) -> Summary {
        let studying = Studying(context)
        let schedules = studying.schedules()
        let cards = studying.cards.filter { $0.kind != .note }
        let reviews = studying.cards.filter { $0.kind == .note }
        let stored = cards.filter { card in
            guard card.stored != nil, let s = schedules[card.id] else { return false }
            return s.storedReview != nil
        }.count
        let new = cards.filter { schedules[$0.id]?.isNew ?? true }.count
        let settings = context.config.obsidianSR
        return Summary(
            notes: Set(cards.map(\.notePath)).count, cards: cards.count, stored: stored, new: new,
            decks: Set(cards.compactMap(\.deck)).sorted(),
            tags: settings?.convertFoldersToDecks == true ? nil : settings?.flashcardTags, noteReviews: reviews.count,
            scheduledNoteReviews: reviews.filter { $0.stored != nil }.count, reviewTags: settings?.tagsToReview ?? [])
    }

    /// The plugin's `data.json` in the vault, read through `files`: nil when there is none.
    public static func pluginData(_ files: any VaultFiles) -> Result<ObsidianSRPluginData, VaultCoreError>? {
        guard files.exists(ObsidianSRSettings.dataFile) else { return nil }
        do {
            let data = try files.read(ObsidianSRSettings.dataFile)
            let version = (try? files.read(ObsidianSRSettings.manifestFile)).flatMap(ObsidianSRPluginData.version(ofManifest:))
            return .success(try ObsidianSRPluginData(data: data, pluginVersion: version))
        } catch let error as VaultCoreError {
            return .failure(error)
        } catch {
            return .failure(.badPluginData(file: ObsidianSRSettings.dataFile, reason: "it cannot be read (\(error.localizedDescription))."))
        }
    }

    /// What `vault check` says of the plugin's `data.json`: nothing when there is none, or it
    /// matches `obsidian_sr:`; a warning when its settings are not (or no longer) the config's,
    /// or when part of it cannot be read.
    public static func problems(_ context: AppContext) -> [Diagnostic] {
        guard let reading = pluginData(context.files) else { return [] }
        let file = ObsidianSRSettings.dataFile
        switch reading {
        case .failure(let error):
            return [
                Diagnostic(
                    code: "obsidian-sr-data", severity: .warning, path: file, line: nil,
                    message: error.localizedDescription.replacingOccurrences(of: "\(file): ", with: ""))
            ]
        case .success(let plugin):
            var found = plugin.unreadable.map {
                Diagnostic(code: "obsidian-sr-data", severity: .warning, path: file, line: nil, message: $0 + ".")
            }
            if let taken = context.config.obsidianSR {
                if taken.pluginPart != plugin.settings.pluginPart {
                    found.append(
                        Diagnostic(
                            code: "obsidian-sr-settings", severity: .warning, path: ".vault/config.yml", line: nil,
                            message:
                                "the Spaced Repetition plugin's settings in \(file) changed since they were taken into obsidian_sr:; `vault check --fix` takes them again."
                        ))
                }
            } else {
                found.append(
                    Diagnostic(
                        code: "obsidian-sr-settings", severity: .warning, path: file, line: nil,
                        message:
                            "the Spaced Repetition plugin keeps this vault's flashcards, but .vault/config.yml has no obsidian_sr: section, so its cards and schedules are not read; `vault check --fix` takes its settings."
                    ))
            }
            return found
        }
    }

    /// The schedule groups of the plugin's comments that `vault` cannot read (a date that is
    /// none), each with its note and line: such a card counts as new until the comment is
    /// fixed or the card answered. Nothing when the vault is not read in the plugin's syntax.
    public static func unreadableSchedules(_ context: AppContext, notes: [NoteSummary]) -> [Diagnostic] {
        guard let settings = context.config.obsidianSR else { return [] }
        var found: [Diagnostic] = []
        for note in notes where context.config.decks.contains(note) {
            guard let data = try? context.files.read(note.path), let text = String(data: data, encoding: .utf8),
                text.contains(OSRParser.commentStart)
            else { continue }
            for question in OSRNoteReader.questions(in: text, path: note.path, frontMatterTags: [], syntax: settings.syntax)
            {
                for problem in question.unreadable {
                    found.append(
                        Diagnostic(
                            code: "obsidian-sr-schedule", severity: .warning, path: note.path,
                            line: question.parsed.firstLine + 1,
                            message:
                                "the schedule group \(problem); the card counts as new until the comment is fixed or the card is answered."
                        ))
                }
            }
        }
        return found
    }

    /// Takes the plugin's settings into `.vault/config.yml` (`vault check --fix`) when they
    /// are not there or changed; returns the new config, nil when nothing was to be done.
    /// - Throws: when the config cannot be written.
    public static func take(_ context: AppContext) throws -> VaultConfig? {
        guard case .success(let plugin)? = pluginData(context.files) else { return nil }
        let old = context.config
        let new = plugin.adopting(into: old)
        guard new.obsidianSR != old.obsidianSR || new.schedulers.defaultSettings != old.schedulers.defaultSettings
        else { return nil }
        try context.configStore.save(new, replacing: old)
        return new
    }
}
