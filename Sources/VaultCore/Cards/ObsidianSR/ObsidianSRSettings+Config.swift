extension ObsidianSRSettings {
    /// The keys of `obsidian_sr:` in `.vault/config.yml`, in the order written.
    public static let configKeys = [
        "plugin_version", "flashcard_tags", "flashcard_tags_to_ignore", "convert_folders_to_decks",
        "single_line_card_separator", "single_line_reversed_card_separator", "multiline_card_separator",
        "multiline_reversed_card_separator", "multiline_card_end_marker", "cloze_patterns", "tags_to_review",
        "note_tags_to_ignore", "card_comment_on_same_line", "callouts_for_scheduling_comments", "write_back",
    ]

    /// The comment `vault` writes above the section.
    public static let configComment =
        "# The Spaced Repetition plugin's settings, taken from its data.json (docs/FORMAT.md, Obsidian Spaced Repetition)."

    /// Reads the `obsidian_sr:` section; every key is optional and defaults to the plugin's default.
    /// - Throws: ``VaultCoreError/badObsidianSRSetting(key:line:reason:)`` naming the setting and the fix.
    public static func parse(_ value: ConfigValue) throws -> ObsidianSRSettings {
        guard let entries = value.entries else {
            throw VaultCoreError.badObsidianSRSetting(
                key: "obsidian_sr", line: value.line,
                reason: "must be a map of the Spaced Repetition plugin's settings, e.g. 'write_back: false'.")
        }
        var s = ObsidianSRSettings()
        for entry in entries {
            let key = "obsidian_sr.\(entry.key)"
            let v = entry.value
            func fail(_ reason: String) -> VaultCoreError {
                .badObsidianSRSetting(key: key, line: entry.keyLine ?? v.line, reason: reason)
            }
            func text(emptyAllowed: Bool = false) throws -> String {
                guard let t = v.scalar, emptyAllowed || !t.isEmpty else {
                    throw fail("must be \(emptyAllowed ? "text (quoted)" : "non-empty text (quoted)"), e.g. \"::\".")
                }
                return t
            }
            func texts() throws -> [String] {
                if let t = v.scalar, t.isEmpty { return [] }
                guard let list = v.list, let items = Optional(list.compactMap(\.scalar)), items.count == list.count
                else { throw fail("must be a list of quoted texts, e.g. [\"#flashcards\"].") }
                return items
            }
            func flag() throws -> Bool {
                guard let b = v.scalar.flatMap(SchedulerConfig.bool) else { throw fail("must be true or false.") }
                return b
            }
            switch entry.key {
            case "plugin_version": s.pluginVersion = try text()
            case "flashcard_tags": s.flashcardTags = try texts()
            case "flashcard_tags_to_ignore": s.flashcardTagsToIgnore = try texts()
            case "convert_folders_to_decks": s.convertFoldersToDecks = try flag()
            case "single_line_card_separator": s.singleLineCardSeparator = try text(emptyAllowed: true)
            case "single_line_reversed_card_separator": s.singleLineReversedCardSeparator = try text(emptyAllowed: true)
            case "multiline_card_separator": s.multilineCardSeparator = try text(emptyAllowed: true)
            case "multiline_reversed_card_separator": s.multilineReversedCardSeparator = try text(emptyAllowed: true)
            case "multiline_card_end_marker": s.multilineCardEndMarker = try text(emptyAllowed: true)
            case "cloze_patterns":
                let patterns = try texts()
                if let bad = patterns.first(where: { OSRClozePattern($0) == nil }) {
                    throw fail(
                        "holds '\(bad)', which is no cloze pattern: one needs 'answer', a number part such as [123;;] and a hint part such as [;;hint].")
                }
                s.clozePatterns = patterns
            case "tags_to_review": s.tagsToReview = try texts()
            case "note_tags_to_ignore": s.noteTagsToIgnore = try texts()
            case "card_comment_on_same_line": s.cardCommentOnSameLine = try flag()
            case "callouts_for_scheduling_comments": s.calloutsForSchedulingComments = try flag()
            case "write_back": s.writeBack = try flag()
            default:
                let guess = Suggestion.closest(to: entry.key, among: configKeys).map { " Did you mean '\($0)'?" } ?? ""
                throw fail("is not a setting of obsidian_sr (\(configKeys.joined(separator: ", "))).\(guess)")
            }
        }
        return s
    }

    /// The section as `.vault/config.yml` holds it (its lines, indented under `obsidian_sr:`).
    public var configLines: [String] {
        func list(_ values: [String]) -> String {
            "[" + values.map { "\"" + Self.escaped($0) + "\"" }.joined(separator: ", ") + "]"
        }
        func quoted(_ value: String) -> String { "\"" + Self.escaped(value) + "\"" }
        var lines: [String] = []
        if let pluginVersion { lines.append("plugin_version: \(quoted(pluginVersion))") }
        lines += [
            "flashcard_tags: \(list(flashcardTags))",
            "flashcard_tags_to_ignore: \(list(flashcardTagsToIgnore))",
            "convert_folders_to_decks: \(convertFoldersToDecks)",
            "single_line_card_separator: \(quoted(singleLineCardSeparator))",
            "single_line_reversed_card_separator: \(quoted(singleLineReversedCardSeparator))",
            "multiline_card_separator: \(quoted(multilineCardSeparator))",
            "multiline_reversed_card_separator: \(quoted(multilineReversedCardSeparator))",
            "multiline_card_end_marker: \(quoted(multilineCardEndMarker))",
            "cloze_patterns: \(list(clozePatterns))",
            "tags_to_review: \(list(tagsToReview))",
            "note_tags_to_ignore: \(list(noteTagsToIgnore))",
            "card_comment_on_same_line: \(cardCommentOnSameLine)",
            "callouts_for_scheduling_comments: \(calloutsForSchedulingComments)",
            "write_back: \(writeBack)",
        ]
        return lines
    }

    /// `text` inside double quotes: `\` and `"` escaped, control characters as `\uXXXX`.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The settings as read, with `write_back` and the plugin version left out: what two
    /// readings of the plugin's `data.json` are compared by (`vault check`).
    public var pluginPart: ObsidianSRSettings {
        var s = self
        s.writeBack = false
        s.pluginVersion = nil
        return s
    }
}
