import VaultCore

extension ConfigFile {
    /// Reads the `study:` settings of ``StudySettings`` (docs/FORMAT.md, Flashcards) into `config`.
    /// A setting this build does not read is a warning (kept as written), not an error.
    /// - Throws: ``VaultStoreError/badConfig(path:line:reason:)`` for a value out of range.
    static func readStudy(_ study: ConfigValue?, into config: inout VaultConfig, path: String) throws {
        guard let study else { return }
        guard let entries = study.entries else {
            throw VaultStoreError.badConfig(
                path: path, line: study.line,
                reason: "'study' must be a map: \(StudySettings.keys.joined(separator: ", ")).")
        }
        func bad(_ key: String, _ reason: String) -> VaultStoreError {
            .badConfig(path: path, line: study[key]?.line ?? study.line, reason: "'study.\(key)' \(reason)")
        }
        for entry in entries where !StudySettings.keys.contains(entry.key) {
            let guess = Suggestion.closest(to: entry.key, among: StudySettings.keys).map { " Did you mean '\($0)'?" }
            config.warnings.append(
                Diagnostic(
                    code: "config-unknown-key", severity: .warning, path: path, line: entry.keyLine,
                    message:
                        "'study.\(entry.key.elided(to: 80))' is not a setting vault reads (\(StudySettings.keys.joined(separator: ", "))); it is kept as written.\(guess ?? "")"
                ))
        }
        if let limit = study["daily_limit"] {
            guard let n = wholeNumber(limit), StudySettings.limitRange.contains(n) else {
                throw VaultStoreError.badConfig(
                    path: path, line: limit.line,
                    reason: "'study' has a daily_limit that is not a number of cards (1 to 10000).")
            }
            config.study.dailyLimit = n
        }
        if let preset = study["preset"] {
            let names = StudyPreset.allCases.map(\.rawValue)
            guard let text = preset.scalar, let named = StudyPreset(rawValue: text.lowercased()) else {
                throw VaultStoreError.badConfig(
                    path: path, line: preset.line,
                    reason: "'study' has a preset that is not one of \(names.joined(separator: ", ")).")
            }
            config.study.preset = named
        }
        if let value = study["limits_by_day"] {
            config.study.limitsByDay = try readLimitsByDay(value, path: path)
        }
        if let value = study["overdue_per_day"] {
            guard let n = wholeNumber(value), (1...10_000).contains(n) else {
                throw bad("overdue_per_day", "must be a number of cards from 1 to 10000.")
            }
            config.study.overduePerDay = n
        }
        if let value = study["leech_lapses"] {
            guard let n = wholeNumber(value), (1...1_000).contains(n) else {
                throw bad("leech_lapses", "must be a number of lapses from 1 to 1000.")
            }
            config.study.leechLapses = n
        }
        if let value = study["leech_action"] {
            guard let text = value.scalar, let action = StudySettings.LeechAction(rawValue: text.lowercased()) else {
                throw bad("leech_action", "must be flag or suspend.")
            }
            config.study.leechAction = action
        }
        if let value = study["timer"] {
            guard let list = value.list, list.count == 2, let amber = wholeNumber(list[0]),
                let red = wholeNumber(list[1]), amber >= 1, red > amber, red <= 3_600
            else {
                throw bad("timer", "must be two numbers of seconds, the amber then the red one, as [5, 15].")
            }
            config.study.timerAmber = amber
            config.study.timerRed = red
        }
    }

    /// `study.limits_by_day`: a map of weekdays (`monday` … `sunday`, or their
    /// first three letters) and the groups `weekdays` and `weekend` to a
    /// number of cards, 0 to 10000 (0: a day off); a day named itself wins over its group.
    /// - Throws: ``VaultStoreError/badConfig(path:line:reason:)`` naming the key and its line.
    static func readLimitsByDay(_ value: ConfigValue, path: String) throws -> [Int: Int] {
        let names = RemindSettings.weekdayNames
        guard let entries = value.entries else {
            throw VaultStoreError.badConfig(
                path: path, line: value.line,
                reason: "'study.limits_by_day' must be a map of weekdays to cards a day, as {saturday: 5, sunday: 0}.")
        }
        var byGroup: [Int: Int] = [:]
        var byDay: [Int: Int] = [:]
        for entry in entries {
            let key = entry.key.lowercased()
            let days: [Int]
            if let group = StudySettings.dayGroups[key] {
                days = group
            } else if let day = names.firstIndex(where: { $0 == key || $0.prefix(3) == key }) {
                days = [day]
            } else {
                throw VaultStoreError.badConfig(
                    path: path, line: entry.keyLine ?? entry.value.line,
                    reason:
                        "'study.limits_by_day' names '\(entry.key.elided(to: 40))', which is not a weekday (monday … sunday), weekdays or weekend.")
            }
            guard let n = wholeNumber(entry.value), StudySettings.dayLimitRange.contains(n) else {
                throw VaultStoreError.badConfig(
                    path: path, line: entry.value.line,
                    reason: "'study.limits_by_day.\(key)' must be a number of cards from 0 (a day off) to 10000.")
            }
            for day in days {
                if days.count == 1 { byDay[day] = n } else { byGroup[day] = n }
            }
        }
        return byGroup.merging(byDay) { _, day in day }
    }
}
