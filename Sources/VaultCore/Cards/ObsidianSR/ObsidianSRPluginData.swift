import Foundation

/// The Spaced Repetition plugin's `data.json` (`.obsidian/plugins/obsidian-spaced-repetition/`),
/// read as the plugin loads it (v1.15.4 `PluginDataManager.loadData`): its `settings` over the
/// plugin's defaults (a key it lacks, or holds `null` for, takes the default; cloze patterns
/// from the three old switches when it has none), and the schedules a data store outside the
/// notes keeps (`scheduleData`).
public struct ObsidianSRPluginData: Sendable {
    /// The settings that decide how notes are read and written.
    public var settings: ObsidianSRSettings
    /// The algorithm the plugin runs: `SM-2-OSR` (its default) or `FSRS`.
    public var algorithm: String
    /// The SM-2-OSR settings (`baseEase`, `lapsesIntervalChange`, `easyBonus`, `maximumInterval`, `loadBalance`).
    public var osr: OSRSettings
    /// `fsrsDesiredRetention` (used when ``algorithm`` is `FSRS`).
    public var fsrsDesiredRetention: Double
    /// Where the plugin keeps schedules: `NOTES` (its only store in v1.15.4) or another.
    public var dataStore: String
    /// Card schedules kept outside the notes (`scheduleData.cardSchedules`), by the id a note
    /// names a question by (`^sr-data-id-…`), one entry per card of the question.
    public var cardSchedules: [String: [ScheduleEntry?]]
    /// Note schedules kept outside the notes (`scheduleData.noteSchedules`), by note id.
    public var noteSchedules: [String: ScheduleEntry?]
    /// What was found but cannot be read, in words (`vault init` and `vault import obsidian-sr` say it).
    public var unreadable: [String]

    /// One serialized schedule (`{"algorithm": "SM-2-OSR", "scheduleData": {…}}`).
    public struct ScheduleEntry: Hashable, Sendable {
        public var schedule: StoredSchedule
    }

    /// Reads `data`, the file at `file` (named in errors).
    /// - Throws: ``VaultCoreError/badPluginData(file:reason:)`` when it is not a JSON object.
    public init(data: Data, file: String = ObsidianSRSettings.dataFile, pluginVersion: String? = nil) throws {
        guard data.count <= 256 * 1024 * 1024 else {
            throw VaultCoreError.badPluginData(file: file, reason: "it is over 256 MB; it is not read.")
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw VaultCoreError.badPluginData(
                file: file, reason: "it is not JSON (\(Self.describe(error))); the plugin's settings are not taken.")
        }
        guard let object = root as? [String: Any] else {
            throw VaultCoreError.badPluginData(file: file, reason: "it is not a JSON object; the plugin's settings are not taken.")
        }
        var unreadable: [String] = []
        let raw = object["settings"] as? [String: Any] ?? [:]
        if object["settings"] != nil, !(object["settings"] is [String: Any]) {
            unreadable.append("'settings' is not an object: the plugin's defaults are used")
        }
        func value<T>(_ key: String, _ fallback: T) -> T {
            guard let v = raw[key], !(v is NSNull) else { return fallback }
            if let t = v as? T { return t }
            unreadable.append("settings.\(key) holds \(Self.kind(of: v)) where the plugin keeps \(Self.kind(of: fallback)): its default is used")
            return fallback
        }
        func number(_ key: String, _ fallback: Double) -> Double {
            guard let v = raw[key], !(v is NSNull) else { return fallback }
            if let n = v as? NSNumber, !(v is Bool) { return n.doubleValue }
            if let s = v as? String, let n = Double(s.trimmingCharacters(in: .whitespaces)) { return n }
            unreadable.append("settings.\(key) holds \(Self.kind(of: v)), not a number: its default \(OSR.jsNumber(fallback)) is used")
            return fallback
        }
        func strings(_ key: String, _ fallback: [String]) -> [String] {
            guard let v = raw[key], !(v is NSNull) else { return fallback }
            if let list = v as? [Any] {
                let texts = list.compactMap { $0 as? String }
                if texts.count != list.count { unreadable.append("settings.\(key) holds items that are not text: they are left out") }
                return texts
            }
            unreadable.append("settings.\(key) is not a list: its default is used")
            return fallback
        }
        let defaults = ObsidianSRSettings()
        var s = ObsidianSRSettings(pluginVersion: pluginVersion)
        s.flashcardTags = strings("flashcardTags", defaults.flashcardTags)
        s.flashcardTagsToIgnore = strings("flashcardTagsToIgnore", defaults.flashcardTagsToIgnore)
        s.convertFoldersToDecks = value("convertFoldersToDecks", defaults.convertFoldersToDecks)
        s.singleLineCardSeparator = value("singleLineCardSeparator", defaults.singleLineCardSeparator)
        s.singleLineReversedCardSeparator = value("singleLineReversedCardSeparator", defaults.singleLineReversedCardSeparator)
        s.multilineCardSeparator = value("multilineCardSeparator", defaults.multilineCardSeparator)
        s.multilineReversedCardSeparator = value("multilineReversedCardSeparator", defaults.multilineReversedCardSeparator)
        s.multilineCardEndMarker = value("multilineCardEndMarker", defaults.multilineCardEndMarker)
        if let patterns = raw["clozePatterns"], !(patterns is NSNull) {
            s.clozePatterns = strings("clozePatterns", defaults.clozePatterns)
        } else if object["settings"] == nil || object["settings"] is NSNull {
            s.clozePatterns = defaults.clozePatterns
        } else {
            // The plugin's upgrade (before its defaults are applied): the three switches of
            // older versions become patterns, a missing switch counting as off.
            s.clozePatterns = []
            if value("convertHighlightsToClozes", false) { s.clozePatterns.append(ObsidianSRSettings.highlightPattern) }
            if value("convertBoldTextToClozes", false) { s.clozePatterns.append(ObsidianSRSettings.boldPattern) }
            if value("convertCurlyBracketsToClozes", false) { s.clozePatterns.append(ObsidianSRSettings.curlyPattern) }
        }
        let readable = s.clozePatterns.filter { OSRClozePattern($0) != nil }
        for bad in s.clozePatterns where OSRClozePattern(bad) == nil {
            unreadable.append("the cloze pattern '\(bad)' has no 'answer', number part or hint part: the plugin refuses it too, and it is left out")
        }
        s.clozePatterns = readable
        s.tagsToReview = strings("tagsToReview", defaults.tagsToReview)
        s.noteTagsToIgnore = strings("noteTagsToIgnore", defaults.noteTagsToIgnore)
        s.cardCommentOnSameLine = value("cardCommentOnSameLine", defaults.cardCommentOnSameLine)
        s.calloutsForSchedulingComments = value("useCalloutsForSchedulingComments", defaults.calloutsForSchedulingComments)
        settings = s
        algorithm = value("algorithm", "SM-2-OSR")
        let d = OSRSettings()
        osr = OSRSettings(
            baseEase: number("baseEase", d.baseEase), lapsesIntervalChange: number("lapsesIntervalChange", d.lapsesIntervalChange),
            easyBonus: number("easyBonus", d.easyBonus), maximumInterval: number("maximumInterval", d.maximumInterval),
            loadBalance: value("loadBalance", d.loadBalance))
        fsrsDesiredRetention = number("fsrsDesiredRetention", 0.9)
        dataStore = value("dataStore", "NOTES")
        if algorithm != "SM-2-OSR" && algorithm != "FSRS" {
            unreadable.append("settings.algorithm '\(algorithm)' is not one vault knows (SM-2-OSR, FSRS): SM-2-OSR is used")
            algorithm = "SM-2-OSR"
        }
        var cards: [String: [ScheduleEntry?]] = [:]
        var notes: [String: ScheduleEntry?] = [:]
        if let data = object["scheduleData"] as? [String: Any] {
            for (id, entries) in data["cardSchedules"] as? [String: Any] ?? [:] {
                guard let list = entries as? [Any] else {
                    unreadable.append("scheduleData.cardSchedules[\"\(id)\"] is not a list")
                    continue
                }
                cards[id] = list.map { item in
                    if item is NSNull { return nil }
                    switch Self.entry(item) {
                    case .success(let entry): return entry
                    case .failure(let reason):
                        unreadable.append("scheduleData.cardSchedules[\"\(id)\"]: \(reason.reason)")
                        return nil
                    }
                }
            }
            for (id, item) in data["noteSchedules"] as? [String: Any] ?? [:] {
                if item is NSNull { continue }
                switch Self.entry(item) {
                case .success(let entry): notes[id] = entry
                case .failure(let reason): unreadable.append("scheduleData.noteSchedules[\"\(id)\"]: \(reason.reason)")
                }
            }
        } else if object["scheduleData"] != nil, !(object["scheduleData"] is NSNull) {
            unreadable.append("scheduleData is not an object")
        }
        for key in object.keys.sorted() where !["settings", "scheduleData", "buryDate", "buryList", "historyDeck"].contains(key) {
            unreadable.append("'\(key)' is not something vault reads")
        }
        cardSchedules = cards
        noteSchedules = notes
        self.unreadable = unreadable
    }

    /// `config` with the plugin's settings taken: `obsidian_sr:` (its `write_back` kept), the
    /// decks by the plugin's rule, and, unless the config names a default scheduler already,
    /// the plugin's algorithm with its settings (`osr`, or `fsrs` for a vault on the plugin's FSRS).
    public func adopting(into config: VaultConfig) -> VaultConfig {
        var new = config
        var taken = settings
        taken.writeBack = config.obsidianSR?.writeBack ?? false
        new.obsidianSR = taken
        new.decks.obsidianSR = taken.deckRule
        if !config.schedulers.namesDefault {
            if algorithm == "FSRS" {
                new.schedulers.defaultSettings = .fsrs(
                    FSRSSettings(
                        desiredRetention: fsrsDesiredRetention > 0 && fsrsDesiredRetention < 1 ? fsrsDesiredRetention : 0.9,
                        maximumInterval: max(1, Int(osr.maximumInterval))))
            } else {
                var o = osr
                o.timeZoneIdentifier = config.timeZoneIdentifier
                new.schedulers.defaultSettings = .osr(o)
            }
            new.schedulers.namesDefault = true
        }
        return new
    }

    /// The `schedulers:` section `vault init` writes for the plugin's algorithm (its lines, unindented).
    public var schedulerLines: [String] {
        if algorithm == "FSRS" {
            return [
                "default: fsrs", "fsrs:", "  desired_retention: \(OSR.jsNumber(fsrsDesiredRetention))",
                "  maximum_interval: \(OSR.jsNumber(osr.maximumInterval))",
            ]
        }
        return ["default: osr", "osr:"] + osr.configEntries.map { "  \($0.key): \($0.value)" }
    }

    struct Failure: Error { var reason: String }

    /// One serialized schedule, or why it cannot be read.
    static func entry(_ item: Any) -> Result<ScheduleEntry, Failure> {
        guard let object = item as? [String: Any], let data = object["scheduleData"] as? [String: Any] else {
            return .failure(Failure(reason: "an entry is not {\"algorithm\": …, \"scheduleData\": {…}}"))
        }
        let algorithm = object["algorithm"] as? String ?? "SM-2-OSR"
        func number(_ key: String) -> Double? {
            if let n = data[key] as? NSNumber, !(data[key] is Bool) { return n.doubleValue }
            return (data[key] as? String).flatMap(OSR.parseFloat)
        }
        let dueText = data["dueDate"] as? String ?? ""
        if algorithm == "FSRS" {
            guard let due = OSRDates.moment(dueText), let interval = number("interval"), let s = number("stability"),
                let d = number("difficulty"), let state = number("state")
            else { return .failure(Failure(reason: "an FSRS entry lacks a due date, interval, stability, difficulty or state")) }
            let group = OSRFSRSGroup(
                due: due, interval: interval, stability: s, difficulty: d, state: Int(state), reps: Int(number("reps") ?? 0),
                lapses: Int(number("lapses") ?? 0), learningSteps: Int(number("learningSteps") ?? 0),
                lastReview: (data["lastReview"] as? String).flatMap(OSRDates.moment))
            return .success(ScheduleEntry(schedule: .fsrs(group)))
        }
        guard algorithm == "SM-2-OSR" else { return .failure(Failure(reason: "the algorithm '\(algorithm)' is unknown")) }
        guard let day = OSRDates.day(dueText) else {
            return .failure(Failure(reason: "the due date '\(dueText)' is not a date"))
        }
        guard let interval = number("interval"), let ease = number("ease") else {
            return .failure(Failure(reason: "an SM-2-OSR entry lacks its interval or ease"))
        }
        return .success(ScheduleEntry(schedule: .osr(dueDay: day, interval: interval, ease: ease)))
    }

    static func kind(of value: Any) -> String {
        switch value {
        case is Bool: return "true or false"
        case is NSNumber: return "a number"
        case is String: return "text"
        case is [Any]: return "a list"
        case is [String: Any]: return "an object"
        default: return "a value"
        }
    }

    static func describe(_ error: Error) -> String {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
        return text.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
    }

    /// The plugin version named by its `manifest.json`, nil when it cannot be read.
    public static func version(ofManifest data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["version"] as? String
    }
}
