import Foundation
import VaultCore
import VaultMarkdown
import Yams

/// Reads and writes `.vault/config.yml` (format: docs/FORMAT.md).
public enum ConfigFile {
    /// Reads the config of the vault at `layout`.
    /// - Throws: ``VaultStoreError`` when the file is missing or malformed.
    public static func read(_ layout: VaultLayout) throws -> VaultConfig {
        let path = ".vault/config.yml"
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: layout.configFile.path, isDirectory: &isFolder)
        guard exists, !isFolder.boolValue, let data = FileManager.default.contents(atPath: layout.configFile.path)
        else {
            let reason =
                !exists
                ? "the file does not exist" : isFolder.boolValue ? "it is a folder, not a file" : "it cannot be read"
            throw VaultStoreError.unreadable(path: layout.configFile.path, reason: reason)
        }
        return try parse(String(decoding: data, as: UTF8.self), path: path)
    }

    /// Parses config text; `path` names the file in errors.
    ///
    /// ``ConfigReader`` reads the shapes config files have, and the full
    /// YAML parser (Yams) the rest; both give the same ``ConfigValue``.
    /// - Throws: ``VaultStoreError/badConfig(path:line:reason:)``.
    public static func parse(_ text: String, path: String) throws -> VaultConfig {
        if let refusal = YAMLLimits.refusal(text) {
            throw VaultStoreError.badConfig(
                path: path, line: refusal.line, reason: "the file is not read: \(refusal.reason).")
        }
        guard let root = try ConfigReader.read(text) ?? composed(text, path: path), let map = root.entries else {
            throw VaultStoreError.badConfig(path: path, line: 1, reason: "the config must be a map of settings.")
        }
        func bad(_ key: String, _ reason: String) -> VaultStoreError {
            let keyLine = map.first { $0.key == key }?.keyLine
            return .badConfig(path: path, line: keyLine, reason: "'\(key)' \(reason)")
        }
        var config = VaultConfig(timeZoneIdentifier: "UTC")
        // YAML reads a key written twice as the last one; say so instead of choosing in silence.
        var seen: [String: Int] = [:]
        for entry in map {
            let line = entry.keyLine ?? 0
            if let first = seen[entry.key] {
                config.warnings.append(
                    Diagnostic(
                        code: "config-duplicate-key", severity: .warning, path: path, line: line,
                        message:
                            "'\(entry.key)' is written twice (lines \(first) and \(line)); the last is used. Remove one."
                    ))
            } else {
                seen[entry.key] = line
            }
        }
        if let version = root["version"] {
            guard let v = Self.wholeNumber(version) else { throw bad("version", "must be a whole number.") }
            guard v <= VaultConfig.currentVersion else {
                throw bad(
                    "version",
                    "is \(v), newer than this build of vault understands (\(VaultConfig.currentVersion)); update vault."
                )
            }
            config.version = v
        }
        if let zone = root["timezone"]?.scalar {
            guard TimeZone(identifier: zone) != nil else {
                throw bad("timezone", "names an unknown time zone '\(zone)'; use an IANA name such as Europe/Berlin.")
            }
            config.timeZoneIdentifier = zone
        }
        if let categories = root["categories"] {
            guard let list = categories.list else {
                throw bad("categories", "must be a list of name/color entries.")
            }
            config.categories = try list.map { item in
                guard let name = item["name"]?.scalar, !name.isEmpty else {
                    throw VaultStoreError.badConfig(
                        path: path, line: item.line, reason: "each category needs a 'name'.")
                }
                let color = item["color"]?.scalar ?? "#888888"
                guard Category.isValidColor(color) else {
                    throw VaultStoreError.badConfig(
                        path: path, line: item.line,
                        reason: "category '\(name)' has colour '\(color)'; write it as #rrggbb.")
                }
                return Category(name: name, color: color)
            }
        }
        if let subjects = root["subjects"] {
            guard let list = subjects.list else {
                throw bad("subjects", "must be a list of name/category/color entries.")
            }
            config.subjects = try list.map { item in
                guard let name = item["name"]?.scalar, !name.isEmpty else {
                    throw VaultStoreError.badConfig(path: path, line: item.line, reason: "each subject needs a 'name'.")
                }
                let color = item["color"]?.scalar ?? "#888888"
                guard Category.isValidColor(color) else {
                    throw VaultStoreError.badConfig(
                        path: path, line: item.line,
                        reason: "subject '\(name)' has colour '\(color)'; write it as #rrggbb.")
                }
                let category = item["category"]?.scalar.flatMap { $0.isEmpty ? nil : $0 }
                return Subject(name: name, category: category, color: color)
            }
        }
        if let remind = root["remind"] {
            let settings = ["quiet_hours", "min_interval", "days_off", "batch", "at"]
            guard let entries = remind.entries else {
                throw bad("remind", "must be a map: \(settings.joined(separator: ", ")).")
            }
            if let unknown = entries.first(where: { !settings.contains($0.key) }) {
                // A setting misspelt would leave the default in force without a word.
                let guess = Suggestion.closest(to: unknown.key, among: settings).map { " Did you mean '\($0)'?" }
                throw VaultStoreError.badConfig(
                    path: path, line: unknown.keyLine,
                    reason:
                        "'remind.\(unknown.key.elided(to: 80))' is not a setting of remind (\(settings.joined(separator: ", "))).\(guess ?? "")"
                )
            }
            if let text = remind["quiet_hours"]?.scalar {
                guard let (start, end) = RemindSettings.span(text) else {
                    throw bad("remind", "has quiet_hours '\(text)'; write them as 23:00-09:00.")
                }
                config.remind.quietStart = start
                config.remind.quietEnd = end
            }
            if let interval = remind["min_interval"] {
                guard let minutes = Self.wholeNumber(interval), minutes >= 0, minutes <= 7 * 24 * 60 else {
                    throw bad("remind", "has a min_interval that is not a number of minutes (0 to 10080).")
                }
                config.remind.minimumInterval = minutes
            }
            if let days = remind["days_off"] {
                let names = days.list?.compactMap(\.scalar) ?? days.scalar.map { [$0] } ?? []
                config.remind.daysOff = try Set(
                    names.map { name in
                        guard let i = RemindSettings.weekdayNames.firstIndex(of: name.lowercased()) else {
                            throw bad("remind", "has a day off '\(name)'; write days as monday … sunday.")
                        }
                        return i
                    })
            }
            if let at = remind["at"] {
                if at.scalar?.lowercased() == "best" {
                    config.remind.at = .best
                } else if let text = at.scalar, let minutes = RemindSettings.minutes(text) {
                    config.remind.at = .clock(minutes)
                } else {
                    throw bad("remind", "has an 'at' that is neither an hour such as 18:00 nor best.")
                }
            }
            if let batch = remind["batch"], batch.scalar != "auto" {
                guard let n = Self.wholeNumber(batch), (1...50).contains(n) else {
                    throw bad("remind", "has a batch that is not 1 to 50 (or auto).")
                }
                config.remind.batch = n
            }
        }
        if let reviewDay = root["review_day"] {
            guard let entries = reviewDay.entries else {
                throw bad("review_day", "must be a map: weekly (a weekday), monthly (a day 1-31), yearly (a date MM-DD).")
            }
            for entry in entries {
                guard let level = ReviewLevel(rawValue: entry.key) else {
                    let guess = Suggestion.closest(to: entry.key, among: ["weekly", "monthly", "yearly"]).map { " Did you mean '\($0)'?" }
                    throw VaultStoreError.badConfig(
                        path: path, line: entry.keyLine,
                        reason: "'review_day.\(entry.key.elided(to: 80))' is not a review (weekly, monthly, yearly).\(guess ?? "")")
                }
                let shape = ["weekly": "a weekday such as sunday", "monthly": "a day of the month, 1 to 31", "yearly": "a date MM-DD such as 01-01"]
                guard let text = entry.value.scalar, config.reviewSchedule.set(level, text) else {
                    throw VaultStoreError.badConfig(
                        path: path, line: entry.keyLine,
                        reason: "'review_day.\(level.rawValue)' must be \(shape[level.rawValue]!).")
                }
            }
        }
        if let types = root["source_types"] {
            guard let list = types.list else { throw bad("source_types", "must be a list of names.") }
            config.sourceTypes = list.compactMap(\.scalar)
        }
        if let newNote = root["new_note_path"] {
            guard let pattern = newNote.scalar else {
                throw bad("new_note_path", "must be a path pattern such as {yyyy}/{mm}/{slug}.md.")
            }
            if let problem = VaultPathRules.problem(withPattern: pattern) { throw bad("new_note_path", problem) }
            config.newNotePath = pattern
        }
        if let reference = root["reference_date"]?.scalar { config.referenceDate = reference }
        var deckFolders: [String] = []
        if let decks = root["decks"] {
            if let list = decks.list {
                deckFolders = try list.map { item in
                    guard let folder = item.scalar else {
                        throw VaultStoreError.badConfig(
                            path: path, line: item.line, reason: "each entry of 'decks' must be a folder path.")
                    }
                    if folder != "/", let problem = VaultPathRules.problem(folder: folder) {
                        throw VaultStoreError.badConfig(
                            path: path, line: item.line, reason: "'decks' entry '\(folder)' \(problem)")
                    }
                    return folder
                }
            } else if let folder = decks.scalar, !folder.isEmpty {
                deckFolders = [folder]
            } else if decks.scalar == nil {
                throw bad(
                    "decks", "must be a list of folders, such as [Flashcards/, Languages/] or [/] for the whole vault.")
            }
        }
        var deckTag = Decks.defaultTag
        if let tag = root["deck_tag"] {
            guard let text = tag.scalar, !text.isEmpty else {
                throw bad("deck_tag", "must be a tag, such as flashcards.")
            }
            deckTag = text
        }
        config.decks = Decks(folders: deckFolders, tag: deckTag)
        if let watcher = root["watcher"] {
            guard let text = watcher.scalar, let mode = WatcherMode(rawValue: text) else {
                throw bad("watcher", "must be auto, always or never.")
            }
            config.watcher = mode
        }
        if let section = root["obsidian_sr"] {
            do {
                let settings = try ObsidianSRSettings.parse(section)
                config.obsidianSR = settings
                config.decks.obsidianSR = settings.deckRule
            } catch let VaultCoreError.badObsidianSRSetting(key, line, reason) {
                throw VaultStoreError.badConfig(path: path, line: line, reason: "'\(key)' \(reason)")
            }
        }
        do {
            // A vault adopted from the Spaced Repetition plugin goes on with its algorithm unless told otherwise.
            config.schedulers = try SchedulerConfig.parse(
                root["schedulers"], timeZoneIdentifier: config.timeZoneIdentifier,
                fallback: config.obsidianSR == nil ? .fsrs : .osr)
        } catch let VaultCoreError.badSchedulerSetting(key, line, reason) {
            throw VaultStoreError.badConfig(path: path, line: line, reason: "'\(key)' \(reason)")
        }
        try readStudy(root["study"], into: &config, path: path)
        try readTipsAndBackup(root, into: &config, path: path)
        // `schedulers`, `remind`, `study`, `review_day` and `obsidian_sr` are not listed: their text stays in `extra`, so writing the file back keeps them.
        let known: Set<String> = [
            "version", "timezone", "categories", "source_types", "new_note_path", "reference_date", "decks", "deck_tag",
            "watcher", "subjects",
        ]
        let read = known.union(["schedulers", "remind", "study", "review_day", "obsidian_sr", "tips", "backup"])
        for entry in map where !known.contains(entry.key) {
            config.extra[entry.key] = entry.value.yamlText
            if !read.contains(entry.key) {
                // Kept for a newer vault or another tool, but most often a typo that silently does nothing.
                let guess = Suggestion.closest(to: entry.key, among: read.sorted()).map { " Did you mean '\($0)'?" }
                config.warnings.append(
                    Diagnostic(
                        code: "config-unknown-key", severity: .warning, path: path, line: entry.keyLine,
                        message:
                            "'\(entry.key.elided(to: 80))' is not a setting vault reads; it is kept as written.\(guess ?? "")"
                    ))
            }
        }
        config.warnings.sort { ($0.line ?? 0) < ($1.line ?? 0) }
        return config
    }

    /// The text through the full YAML parser, as the value ``ConfigReader``
    /// would give: map keys that are not plain strings (a list as a key, a
    /// `!!int` tag) are left out, as reading by name never finds them.
    /// - Throws: ``VaultStoreError/badConfig(path:line:reason:)`` for text that is not YAML.
    public static func composed(_ text: String, path: String) throws -> ConfigValue? {
        do {
            // Every scalar stays a string: whole numbers and the rest are read by hand.
            return try YAMLTree.compose(text).map(configValue)
        } catch let error as YamlError {
            throw VaultStoreError.badConfig(path: path, line: line(of: error), reason: "malformed YAML: \(error)")
        }
    }

    /// The text of a config file; settings in a fixed order.
    public static func render(_ config: VaultConfig) -> String {
        var lines = [
            "# vault configuration (format: docs/FORMAT.md in the vault project)",
            "version: \(config.version)",
            "timezone: \(config.timeZoneIdentifier)",
        ]
        if let reference = config.referenceDate { lines.append("reference_date: \(YAMLText.scalar(reference))") }
        lines.append("new_note_path: \(YAMLText.scalar(config.newNotePath))")
        lines.append("categories:")
        for category in config.categories {
            lines.append("  - name: \(YAMLText.scalar(category.name))")
            lines.append("    color: \"\(category.color)\"")
        }
        lines.append("source_types: [\(config.sourceTypes.map(YAMLText.scalar).joined(separator: ", "))]")
        if !config.subjects.isEmpty {
            lines.append("subjects:")
            lines += config.subjects.flatMap { ConfigText.Entry(subject: $0).lines }
        }
        if config.obsidianSR != nil {
            lines.append(
                "# Flashcards live in the notes the Spaced Repetition plugin reads them in (obsidian_sr: below), "
                    + "and in notes with `cards: true`.")
        } else {
            lines.append(
                "# Flashcards live in the notes of a deck: these folders (/ is the whole vault), notes tagged "
                    + "#\(config.decks.tag), or notes with `cards: true`.")
        }
        let folders = config.decks.folders.map { $0.isEmpty ? "/" : $0 }
        if config.obsidianSR == nil || !folders.isEmpty {
            lines.append("decks: [\(folders.map(YAMLText.scalar).joined(separator: ", "))]")
        }
        if config.watcher != .auto { lines.append("watcher: \(config.watcher.rawValue)") }
        if config.decks.tag != Decks.defaultTag {
            lines.append("deck_tag: \(YAMLText.scalar(config.decks.tag))")
        }
        if let sr = config.obsidianSR {
            lines.append(ObsidianSRSettings.configComment)
            lines.append("obsidian_sr:")
            lines += sr.configLines.map { "  " + $0 }
        }
        for key in config.extra.keys.sorted() where !(key == "obsidian_sr" && config.obsidianSR != nil) {
            let value = config.extra[key] ?? ""
            let isScalar: Bool
            if case .scalar? = try? YAMLTree.compose(value) { isScalar = true } else { isScalar = false }
            if !isScalar {
                lines.append("\(key):")
                lines += value.split(separator: "\n").map { "  " + $0 }
            } else {
                lines.append("\(key): \(value)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the config atomically.
    /// Saves `config`, which was `old` when read, by editing the file's text:
    /// only the lines of the categories and source types that changed are
    /// touched (``ConfigText``); comments, quoting and key order stay. When
    /// the edited text would not read back as `config`, the file is written
    /// whole from `config` instead.
    /// - Throws: ``VaultStoreError`` when it cannot be written.
    public static func save(_ config: VaultConfig, replacing old: VaultConfig, to layout: VaultLayout) throws {
        guard let data = FileManager.default.contents(atPath: layout.configFile.path) else {
            return try write(config, to: layout)
        }
        var text = String(decoding: data, as: UTF8.self)
        func entries(_ categories: [Category]) -> [ConfigText.Entry] {
            categories.map { ConfigText.Entry(name: $0.name, fields: [("color", $0.color)]) }
        }
        if config.categories != old.categories {
            text = ConfigText.updating(
                text, key: "categories", from: entries(old.categories), to: entries(config.categories))
        }
        if config.sourceTypes != old.sourceTypes {
            text = ConfigText.updating(text, key: "source_types", values: config.sourceTypes)
        }
        if config.subjects != old.subjects {
            text = ConfigText.updating(
                text, key: "subjects", from: old.subjects.map(ConfigText.Entry.init(subject:)),
                to: config.subjects.map(ConfigText.Entry.init(subject:)))
        }
        if config.decks.folders != old.decks.folders {
            text = ConfigText.updating(text, key: "decks", values: config.decks.folders.map { $0.isEmpty ? "/" : $0 })
        }
        if config.obsidianSR != old.obsidianSR, let sr = config.obsidianSR {
            text = ConfigText.replacingBlock(
                text, key: "obsidian_sr", entries: sr.configLines, comment: ObsidianSRSettings.configComment)
        }
        if case .osr(let s) = config.schedulers.defaultSettings, config.schedulers.defaultSettings != old.schedulers.defaultSettings {
            // The plugin's algorithm taken for the vault (`vault check --fix` in a vault adopted later).
            if old.schedulers.defaultSettings.name != .osr {
                text = ConfigText.setting(text, path: ["schedulers"], key: "default", value: "osr")
            }
            for (key, value) in s.configEntries(changedFrom: OSRSettings()) {
                text = ConfigText.setting(text, path: ["schedulers", "osr"], key: key, value: value)
            }
        }
        let weightsChanged = config.schedulers != old.schedulers
        if weightsChanged { text = FSRSWeightsText.updating(text, from: old.schedulers, to: config.schedulers) }
        guard let reread = try? parse(text, path: ".vault/config.yml"), reread.categories == config.categories,
            reread.sourceTypes == config.sourceTypes, reread.subjects == config.subjects,
            reread.decks.folders == config.decks.folders, reread.obsidianSR == config.obsidianSR
        else {
            if weightsChanged { throw FSRSWeightsText.NotWritten(path: layout.configFile.path) }
            return try write(config, to: layout)
        }
        if weightsChanged, !FSRSWeightsText.holds(reread.schedulers, weightsOf: config.schedulers, old: old.schedulers) {
            throw FSRSWeightsText.NotWritten(path: layout.configFile.path)
        }
        try AtomicFile.write(Data(text.utf8), to: layout.configFile)
    }

    public static func write(_ config: VaultConfig, to layout: VaultLayout) throws {
        try AtomicFile.write(Data(render(config).utf8), to: layout.configFile)
    }

    /// A plain decimal whole number (`30`, `-2`), nil for anything else.
    /// Not YAML's own reading of numbers, which also takes YAML 1.1's
    /// base-60 numbers (`1:30`) and, in Yams, trapped on one that
    /// overflows: the fuzzer found that.
    static func wholeNumber(_ value: ConfigValue) -> Int? {
        guard let text = value.scalar, text.count <= 20 else { return nil }
        return Int(text.trimmingSpaces())
    }

    /// A YAML node as the core's plain ``ConfigValue``.
    static func configValue(_ node: Node) -> ConfigValue {
        let line = node.mark?.line
        if let mapping = node.mapping {
            return ConfigValue(
                .map(
                    mapping.compactMap { pair in
                        guard case .scalar(let key) = pair.key, pair.key.tag.description == Tag.Name.str.rawValue else {
                            return nil
                        }
                        return ConfigValue.Entry(
                            key: key.string, value: configValue(pair.value), keyLine: pair.key.mark?.line)
                    }), line: line)
        }
        if let sequence = node.sequence { return ConfigValue(.list(sequence.map(configValue)), line: line) }
        return ConfigValue(.scalar(node.string ?? ""), line: line)
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return mark.line
        default: return nil
        }
    }
}
