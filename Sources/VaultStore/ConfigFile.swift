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
    /// - Throws: ``VaultStoreError/badConfig(path:line:reason:)``.
    public static func parse(_ text: String, path: String) throws -> VaultConfig {
        if let refusal = YAMLLimits.refusal(text) {
            throw VaultStoreError.badConfig(
                path: path, line: refusal.line, reason: "the file is not read: \(refusal.reason).")
        }
        let node: Node?
        do {
            // Every scalar stays a string: whole numbers and the rest are read by hand below.
            node = try YAMLTree.compose(text)
        } catch let error as YamlError {
            throw VaultStoreError.badConfig(path: path, line: line(of: error), reason: "malformed YAML: \(error)")
        }
        guard case .mapping(let map)? = node else {
            throw VaultStoreError.badConfig(path: path, line: 1, reason: "the config must be a map of settings.")
        }
        func bad(_ key: String, _ reason: String) -> VaultStoreError {
            let keyNode = map.keys.first { $0.string == key }
            return .badConfig(path: path, line: keyNode?.mark?.line, reason: "'\(key)' \(reason)")
        }
        var config = VaultConfig(timeZoneIdentifier: "UTC")
        // YAML reads a key written twice as the last one; say so instead of choosing in silence.
        var seen: [String: Int] = [:]
        for (key, _) in map {
            guard let name = key.string else { continue }
            let line = key.mark?.line ?? 0
            if let first = seen[name] {
                config.warnings.append(
                    Diagnostic(
                        code: "config-duplicate-key", severity: .warning, path: path, line: line,
                        message: "'\(name)' is written twice (lines \(first) and \(line)); the last is used. Remove one."))
            } else {
                seen[name] = line
            }
        }
        if let version = map["version"] {
            guard let v = Self.wholeNumber(version) else { throw bad("version", "must be a whole number.") }
            guard v <= VaultConfig.currentVersion else {
                throw bad(
                    "version",
                    "is \(v), newer than this build of vault understands (\(VaultConfig.currentVersion)); update vault."
                )
            }
            config.version = v
        }
        if let zone = map["timezone"]?.string {
            guard TimeZone(identifier: zone) != nil else {
                throw bad("timezone", "names an unknown time zone '\(zone)'; use an IANA name such as Europe/Berlin.")
            }
            config.timeZoneIdentifier = zone
        }
        if let categories = map["categories"] {
            guard let list = categories.sequence else {
                throw bad("categories", "must be a list of name/color entries.")
            }
            config.categories = try list.map { item in
                guard let name = item["name"]?.string, !name.isEmpty else {
                    throw VaultStoreError.badConfig(
                        path: path, line: item.mark?.line, reason: "each category needs a 'name'.")
                }
                let color = item["color"]?.string ?? "#888888"
                guard Category.isValidColor(color) else {
                    throw VaultStoreError.badConfig(
                        path: path, line: item.mark?.line,
                        reason: "category '\(name)' has colour '\(color)'; write it as #rrggbb.")
                }
                return Category(name: name, color: color)
            }
        }
        if let subjects = map["subjects"] {
            guard let list = subjects.sequence else { throw bad("subjects", "must be a list of name/category/color entries.") }
            config.subjects = try list.map { item in
                guard let name = item["name"]?.string, !name.isEmpty else {
                    throw VaultStoreError.badConfig(path: path, line: item.mark?.line, reason: "each subject needs a 'name'.")
                }
                let color = item["color"]?.string ?? "#888888"
                guard Category.isValidColor(color) else {
                    throw VaultStoreError.badConfig(
                        path: path, line: item.mark?.line,
                        reason: "subject '\(name)' has colour '\(color)'; write it as #rrggbb.")
                }
                let category = item["category"]?.string.flatMap { $0.isEmpty ? nil : $0 }
                return Subject(name: name, category: category, color: color)
            }
        }
        if let remind = map["remind"] {
            guard remind.mapping != nil else { throw bad("remind", "must be a map: quiet_hours, min_interval, days_off, batch.") }
            if let text = remind["quiet_hours"]?.string {
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
                let names = days.sequence?.compactMap(\.string) ?? days.string.map { [$0] } ?? []
                config.remind.daysOff = try Set(names.map { name in
                    guard let i = RemindSettings.weekdayNames.firstIndex(of: name.lowercased()) else {
                        throw bad("remind", "has a day off '\(name)'; write days as monday … sunday.")
                    }
                    return i
                })
            }
            if let batch = remind["batch"], batch.string != "auto" {
                guard let n = Self.wholeNumber(batch), (1...50).contains(n) else { throw bad("remind", "has a batch that is not 1 to 50 (or auto).") }
                config.remind.batch = n
            }
        }
        if let types = map["source_types"] {
            guard let list = types.sequence else { throw bad("source_types", "must be a list of names.") }
            config.sourceTypes = list.compactMap(\.string)
        }
        if let newNote = map["new_note_path"] {
            guard let pattern = newNote.string else { throw bad("new_note_path", "must be a path pattern such as {yyyy}/{mm}/{slug}.md.") }
            if let problem = VaultPathRules.problem(withPattern: pattern) { throw bad("new_note_path", problem) }
            config.newNotePath = pattern
        }
        if let reference = map["reference_date"]?.string { config.referenceDate = reference }
        var deckFolders: [String] = []
        if let decks = map["decks"] {
            if let list = decks.sequence {
                deckFolders = try list.map { item in
                    guard let folder = item.string else {
                        throw VaultStoreError.badConfig(
                            path: path, line: item.mark?.line, reason: "each entry of 'decks' must be a folder path.")
                    }
                    if folder != "/", let problem = VaultPathRules.problem(folder: folder) {
                        throw VaultStoreError.badConfig(path: path, line: item.mark?.line, reason: "'decks' entry '\(folder)' \(problem)")
                    }
                    return folder
                }
            } else if let folder = decks.string, !folder.isEmpty {
                deckFolders = [folder]
            } else if decks.scalar == nil || !(decks.string ?? "").isEmpty {
                throw bad(
                    "decks", "must be a list of folders, such as [Flashcards/, Languages/] or [/] for the whole vault.")
            }
        }
        var deckTag = Decks.defaultTag
        if let tag = map["deck_tag"] {
            guard let text = tag.string, !text.isEmpty else {
                throw bad("deck_tag", "must be a tag, such as flashcards.")
            }
            deckTag = text
        }
        config.decks = Decks(folders: deckFolders, tag: deckTag)
        if let watcher = map["watcher"] {
            guard let text = watcher.string, let mode = WatcherMode(rawValue: text) else {
                throw bad("watcher", "must be auto, always or never.")
            }
            config.watcher = mode
        }
        do {
            config.schedulers = try SchedulerConfig.parse(map["schedulers"].map(configValue))
        } catch let VaultCoreError.badSchedulerSetting(key, line, reason) {
            throw VaultStoreError.badConfig(path: path, line: line, reason: "'\(key)' \(reason)")
        }
        // `schedulers` is not listed: its text stays in `extra`, so writing the file back keeps it as written.
        let known: Set<String> = [
            "version", "timezone", "categories", "source_types", "new_note_path", "reference_date", "decks", "deck_tag",
            "watcher", "subjects",
        ]
        for (key, value) in map {
            guard let name = key.string, !known.contains(name) else { continue }
            config.extra[name] = (try? Yams.serialize(node: value))?.trimmingSpaces()
        }
        return config
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
        lines.append(
            "# Flashcards live in the notes of a deck: these folders (/ is the whole vault), notes tagged "
                + "#\(config.decks.tag), or notes with `cards: true`.")
        let folders = config.decks.folders.map { $0.isEmpty ? "/" : $0 }
        lines.append("decks: [\(folders.map(YAMLText.scalar).joined(separator: ", "))]")
        if config.watcher != .auto { lines.append("watcher: \(config.watcher.rawValue)") }
        if config.decks.tag != Decks.defaultTag {
            lines.append("deck_tag: \(YAMLText.scalar(config.decks.tag))")
        }
        for key in config.extra.keys.sorted() {
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
        guard let reread = try? parse(text, path: ".vault/config.yml"), reread.categories == config.categories,
            reread.sourceTypes == config.sourceTypes, reread.subjects == config.subjects
        else { return try write(config, to: layout) }
        try AtomicFile.write(Data(text.utf8), to: layout.configFile)
    }

    public static func write(_ config: VaultConfig, to layout: VaultLayout) throws {
        try AtomicFile.write(Data(render(config).utf8), to: layout.configFile)
    }

    /// A plain decimal whole number (`30`, `-2`), nil for anything else.
    /// Not Yams' `Node.int`, which also reads YAML 1.1's base-60 numbers
    /// (`1:30`) and traps on one that overflows: the fuzzer found that.
    static func wholeNumber(_ node: Node) -> Int? {
        guard let text = node.scalar?.string, text.count <= 20 else { return nil }
        return Int(text.trimmingSpaces())
    }

    /// A YAML node as the core's plain ``ConfigValue``.
    static func configValue(_ node: Node) -> ConfigValue {
        let line = node.mark?.line
        if let mapping = node.mapping {
            return ConfigValue(
                .map(mapping.map { ConfigValue.Entry(key: $0.key.string ?? "", value: configValue($0.value)) }),
                line: line)
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
