import Foundation

/// Which scheduler each folder uses: the `schedulers:` section of
/// `.vault/config.yml` (docs/FORMAT.md, Flashcards).
///
/// ```yaml
/// schedulers:
///   default: fsrs                 # fsrs | sm2 | tiers | ladder
///   fsrs:                         # settings of a scheduler, wherever it runs
///     desired_retention: 0.9
///     learning_steps: [1m, 10m]   # s, m, h, d; a bare number is minutes
///     relearning_steps: [10m]
///     maximum_interval: 36500     # days
///     fuzz: false
///     parameters: [0.212, …]      # the 21 FSRS-6 weights
///   tiers: { promotion_streak: 5 }
///   ladder: { steps: [1, 7, 30, 90] }
///   folders:                      # folder prefix → scheduler; the longest prefix wins
///     languages/: sm2
///     memo/: ladder
///     exam/: { scheduler: fsrs, desired_retention: 0.95 }
/// ```
public struct SchedulerConfig: Hashable, Sendable {
    /// A folder and the scheduler its notes' cards use.
    public struct FolderRule: Hashable, Sendable {
        /// Vault-relative folder, ending in `/` (empty for the whole vault).
        public var prefix: String
        public var settings: SchedulerSettings

        public init(prefix: String, settings: SchedulerSettings) {
            self.prefix = SchedulerConfig.folderPrefix(prefix)
            self.settings = settings
        }
    }

    public var defaultSettings: SchedulerSettings
    /// Longest prefix first.
    public var folders: [FolderRule]
    /// The vault's zone (`timezone:`): where the days of schedules stored in notes begin.
    public var timeZoneIdentifier = "UTC"
    /// True when the config names the default scheduler (`schedulers: default:`).
    public var namesDefault = false

    /// The vault's zone (UTC when the identifier is unknown here).
    public var timeZone: TimeZone { TimeZone(identifier: timeZoneIdentifier) ?? VaultDate.utc }

    public init(defaultSettings: SchedulerSettings = .defaults(.fsrs), folders: [FolderRule] = []) {
        self.defaultSettings = defaultSettings
        self.folders = folders.sorted { $0.prefix.count > $1.prefix.count }
    }

    /// The scheduler for the cards of the note at `notePath`.
    public func settings(forNotePath notePath: String) -> SchedulerSettings {
        folders.first { notePath.hasPrefix($0.prefix) }?.settings ?? defaultSettings
    }

    /// Reads the `schedulers:` section of a vault whose zone is `timeZoneIdentifier`; without
    /// a `default:`, every card uses `fallback` (fsrs, or osr in a vault adopted from the
    /// Spaced Repetition plugin).
    /// - Throws: ``VaultCoreError/badSchedulerSetting(key:line:reason:)`` naming the setting and the fix.
    public static func parse(
        _ value: ConfigValue?, timeZoneIdentifier: String = "UTC", fallback: SchedulerName = .fsrs
    ) throws -> SchedulerConfig {
        try parseSection(value, fallback: fallback).inZone(timeZoneIdentifier)
    }

    /// The config with its days (and every osr scheduler's) counted in the zone named `identifier`.
    public func inZone(_ identifier: String) -> SchedulerConfig {
        guard identifier != timeZoneIdentifier || hasOSR(outside: identifier) else { return self }
        var config = self
        config.timeZoneIdentifier = identifier
        func zoned(_ settings: SchedulerSettings) -> SchedulerSettings {
            guard case .osr(var s) = settings else { return settings }
            s.timeZoneIdentifier = identifier
            return .osr(s)
        }
        config.defaultSettings = zoned(config.defaultSettings)
        config.folders = config.folders.map { FolderRule(prefix: $0.prefix, settings: zoned($0.settings)) }
        return config
    }

    /// True when an osr scheduler of the config counts days in another zone than `identifier`.
    private func hasOSR(outside identifier: String) -> Bool {
        ([defaultSettings] + folders.map(\.settings)).contains {
            if case .osr(let s) = $0 { return s.timeZoneIdentifier != identifier }
            return false
        }
    }

    private static func parseSection(_ value: ConfigValue?, fallback: SchedulerName) throws -> SchedulerConfig {
        guard let value else { return SchedulerConfig(defaultSettings: .defaults(fallback)) }
        guard let entries = value.entries else {
            throw VaultCoreError.badSchedulerSetting(
                key: "schedulers", line: value.line,
                reason: "must be a map with 'default', per-scheduler settings and 'folders'.")
        }
        let known = Set(["default", "folders"] + SchedulerName.allCases.map(\.rawValue))
        if let unknown = entries.first(where: { !known.contains($0.key) }) {
            throw VaultCoreError.badSchedulerSetting(
                key: "schedulers.\(unknown.key)", line: unknown.value.line,
                reason: "is unknown; use default, folders, fsrs, sm2, tiers, ladder or osr.")
        }
        let base = BaseSettings(
            all: try SchedulerName.allCases.map {
                try settings($0, overrides: value[$0.rawValue], key: "schedulers.\($0.rawValue)")
            })
        var config = SchedulerConfig(defaultSettings: base[fallback])
        if let d = value["default"] {
            config.defaultSettings = try resolve(d, base: base, key: "schedulers.default")
            config.namesDefault = true
        }
        if let folders = value["folders"] {
            guard let list = folders.entries else {
                throw VaultCoreError.badSchedulerSetting(
                    key: "schedulers.folders", line: folders.line,
                    reason: "must map folder prefixes to schedulers, e.g. 'languages/: sm2'.")
            }
            config = SchedulerConfig(
                defaultSettings: config.defaultSettings,
                folders: try list.map { entry in
                    if let problem = VaultPathRules.problem(folder: entry.key) {
                        throw VaultCoreError.badSchedulerSetting(
                            key: "schedulers.folders.\(entry.key)", line: entry.value.line, reason: problem)
                    }
                    return FolderRule(
                        prefix: folderPrefix(entry.key),
                        settings: try resolve(entry.value, base: base, key: "schedulers.folders.\(entry.key)"))
                })
        }
        return config
    }

    /// `languages`, `./languages/` and `/languages` all mean `languages/`.
    public static func folderPrefix(_ text: String) -> String {
        var s = Substring(text.trimmingSpaces())
        while s.hasPrefix("./") { s = s.dropFirst(2) }
        while s.hasPrefix("/") { s = s.dropFirst() }
        if s.isEmpty { return "" }
        return s.hasSuffix("/") ? String(s) : s + "/"
    }

    /// A scheduler name, or a map with `scheduler:` and settings to override.
    private static func resolve(_ value: ConfigValue, base: BaseSettings, key: String) throws
        -> SchedulerSettings
    {
        if let text = value.scalar {
            return base[try name(text, key: key, line: value.line)]
        }
        guard let nameValue = value["scheduler"], let text = nameValue.scalar else {
            throw VaultCoreError.badSchedulerSetting(
                key: key, line: value.line,
                reason: "must name a scheduler (fsrs, sm2, tiers, ladder, osr) or be a map with 'scheduler:'.")
        }
        let n = try name(text, key: key, line: nameValue.line)
        return try settings(n, overrides: value, key: key, start: base[n])
    }

    /// Each scheduler's settings with the section's overrides, in
    /// `SchedulerName.allCases` order. An array, not a dictionary: a
    /// `[SchedulerName: …]` costs every command that reads the config a
    /// runtime search of the executable's 10,700 protocol conformances for
    /// `SchedulerName: Hashable`, 0.1 ms (benchmarks/STARTUP.md).
    private struct BaseSettings {
        let all: [SchedulerSettings]
        subscript(name: SchedulerName) -> SchedulerSettings { all[SchedulerName.allCases.firstIndex(of: name)!] }
    }

    private static func name(_ text: String, key: String, line: Int?) throws -> SchedulerName {
        guard let n = SchedulerName(rawValue: text.lowercased()) else {
            throw VaultCoreError.badSchedulerSetting(
                key: key, line: line,
                reason: "names an unknown scheduler '\(text)'; use fsrs, sm2, tiers, ladder or osr.")
        }
        return n
    }

    /// `start` (the defaults of `name`) with the settings of the map `overrides`.
    private static func settings(
        _ name: SchedulerName, overrides: ConfigValue?, key: String, start: SchedulerSettings? = nil
    ) throws -> SchedulerSettings {
        var result = start ?? .defaults(name)
        guard let overrides else { return result }
        guard let entries = overrides.entries else {
            throw VaultCoreError.badSchedulerSetting(
                key: key, line: overrides.line, reason: "must be a map of settings.")
        }
        for entry in entries where entry.key != "scheduler" {
            let k = "\(key).\(entry.key)"
            let v = entry.value
            func fail(_ reason: String) -> VaultCoreError {
                .badSchedulerSetting(key: k, line: v.line, reason: reason)
            }
            switch (result, entry.key) {
            case (.fsrs(var s), "desired_retention"):
                guard let r = v.scalar.flatMap(Double.init), r > 0, r < 1 else {
                    throw fail("must be a number between 0 and 1, e.g. 0.9.")
                }
                s.desiredRetention = r
                result = .fsrs(s)
            case (.fsrs(var s), "learning_steps"), (.fsrs(var s), "relearning_steps"):
                guard let list = v.list, let steps = Optional(list.compactMap { $0.scalar.flatMap(duration) }),
                    steps.count == list.count
                else { throw fail("must be a list of durations such as [1m, 10m] (s, m, h or d), each at most 36500d.") }
                if entry.key == "learning_steps" { s.learningSteps = steps } else { s.relearningSteps = steps }
                result = .fsrs(s)
            case (.fsrs(var s), "maximum_interval"):
                guard let days = v.scalar.flatMap(Int.init), (1...ValuePolicy.maximumIntervalDays).contains(days) else {
                    throw fail("must be a whole number of days from 1 to 36500 (Anki's most).")
                }
                s.maximumInterval = days
                result = .fsrs(s)
            case (.fsrs(var s), "fuzz"):
                guard let flag = v.scalar.flatMap(bool) else { throw fail("must be true or false.") }
                s.fuzz = flag
                result = .fsrs(s)
            case (.fsrs(var s), "parameters"):
                guard let list = v.list, list.count == 21,
                    let weights = Optional(list.compactMap { $0.scalar.flatMap(Double.init) }), weights.count == 21,
                    weights.allSatisfy(\.isFinite)
                else { throw fail("must be a list of the 21 FSRS-6 weights (finite numbers).") }
                s.parameters = weights
                result = .fsrs(s)
            case (.tiers, "promotion_streak"):
                guard let n = v.scalar.flatMap(Int.init), n >= 1 else {
                    throw fail("must be a whole number, at least 1.")
                }
                result = .tiers(promotionStreak: n)
            case (.ladder, "steps"):
                guard let list = v.list, !list.isEmpty,
                    let steps = Optional(list.compactMap { $0.scalar.flatMap(Int.init) }), steps.count == list.count,
                    steps.allSatisfy({ (1...ValuePolicy.maximumIntervalDays).contains($0) })
                else { throw fail("must be a list of whole days from 1 to 36500, e.g. [1, 7, 30, 90].") }
                result = .ladder(steps: steps)
            case (.osr(var s), "base_ease"):
                guard let ease = v.scalar.flatMap(Double.init), ease >= 130, ease <= 1000 else {
                    throw fail("must be a number from 130 to 1000, e.g. 250.")
                }
                s.baseEase = ease
                result = .osr(s)
            case (.osr(var s), "lapses_interval_change"):
                guard let factor = v.scalar.flatMap(Double.init), factor > 0, factor <= 1 else {
                    throw fail("must be a number above 0 and at most 1, e.g. 0.5.")
                }
                s.lapsesIntervalChange = factor
                result = .osr(s)
            case (.osr(var s), "easy_bonus"):
                guard let bonus = v.scalar.flatMap(Double.init), bonus >= 1, bonus <= 10 else {
                    throw fail("must be a number from 1 to 10, e.g. 1.3.")
                }
                s.easyBonus = bonus
                result = .osr(s)
            case (.osr(var s), "maximum_interval"):
                guard let days = v.scalar.flatMap(Int.init), days >= 1, days <= 1_000_000 else {
                    throw fail("must be a whole number of days, at least 1.")
                }
                s.maximumInterval = Double(days)
                result = .osr(s)
            case (.osr(var s), "load_balance"):
                guard let flag = v.scalar.flatMap(bool) else { throw fail("must be true or false.") }
                s.loadBalance = flag
                result = .osr(s)
            default:
                throw fail("is not a setting of the \(name.rawValue) scheduler.")
            }
        }
        return result
    }

    /// `30s`, `1m`, `10m`, `1h`, `1d`, or a bare number of minutes, in
    /// seconds; at most 36,500 days (``ValuePolicy/maximumIntervalDays``), never NaN or ∞.
    static func duration(_ text: String) -> TimeInterval? {
        let t = text.trimmingSpaces().lowercased()
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        let seconds: Double
        if let last = t.last, let unit = units[last], let n = Double(t.dropLast()) {
            seconds = n * unit
        } else if let n = Double(t) {
            seconds = n * 60
        } else {
            return nil
        }
        guard seconds > 0, seconds <= Double(ValuePolicy.maximumIntervalDays) * 86_400 else { return nil }
        return seconds
    }

    static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }
}

extension SchedulerConfig {
    /// The config written out in one canonical form: every setting by name,
    /// folders sorted, numbers exact (doubles by their bit patterns). Equal
    /// configs give equal text however they were built, and any change to a
    /// setting changes it: what caches of schedules are keyed by.
    public var canonicalText: String {
        var lines = ["scheduler-config v1", "default " + defaultSettings.canonicalText]
        if timeZoneIdentifier != "UTC" { lines.append("zone \(timeZoneIdentifier)") }
        for rule in folders.sorted(by: { $0.prefix < $1.prefix }) {
            lines.append("folder \(rule.prefix.utf8.count):\(rule.prefix) " + rule.settings.canonicalText)
        }
        return lines.joined(separator: "\n")
    }
}

extension SchedulerSettings {
    /// The settings in one canonical form (see ``SchedulerConfig/canonicalText``).
    public var canonicalText: String {
        func exact(_ values: [Double]) -> String {
            values.map { String($0.bitPattern, radix: 16) }.joined(separator: ",")
        }
        switch self {
        case .fsrs(let s):
            return "fsrs w=\(exact(s.parameters)) retention=\(exact([s.desiredRetention]))"
                + " learn=\(exact(s.learningSteps)) relearn=\(exact(s.relearningSteps))"
                + " max=\(s.maximumInterval) fuzz=\(s.fuzz)"
        case .sm2:
            return "sm2"
        case .tiers(let streak):
            return "tiers promotion=\(streak)"
        case .ladder(let steps):
            return "ladder steps=\(steps.map(String.init).joined(separator: ","))"
        case .osr(let s):
            return "osr base=\(exact([s.baseEase])) lapses=\(exact([s.lapsesIntervalChange]))"
                + " easy=\(exact([s.easyBonus])) max=\(exact([s.maximumInterval])) balance=\(s.loadBalance)"
                + " zone=\(s.timeZoneIdentifier)"
        }
    }
}
