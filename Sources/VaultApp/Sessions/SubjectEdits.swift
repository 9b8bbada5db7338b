import Foundation
import VaultCore

/// The rules for `vault subject`: pure functions from the config to the
/// edit (``ConfigEdit``; written back line by line by the store). A rename
/// also records a `subject-rename` event, so sessions and goals recorded
/// under the old name count under the new one on every clone.
public enum SubjectEdits {
    /// `subject add`.
    /// - Throws: ``AppError/subjectExists(_:)``, ``AppError/unknownCategory(_:)``.
    public static func add(_ name: String, category: String?, color: String, to config: VaultConfig) throws
        -> ConfigEdit
    {
        let name = name.trimmingSpaces()
        if let existing = config.subject(named: name) { throw AppError.subjectExists(existing.name) }
        var config = config
        let categoryName = try category.map { c -> String in
            guard let known = config.category(named: c) else { throw AppError.unknownCategory(c) }
            return known.name
        }
        config.subjects.append(Subject(name: name, category: categoryName, color: color.lowercased()))
        return ConfigEdit(summary: "Add subject \(name)", name: name, config: config)
    }

    /// `subject rename`: the new config and the event that carries the rename to recorded sessions.
    /// - Throws: ``AppError/unknownSubject(_:known:)``, ``AppError/subjectExists(_:)``.
    public static func rename(_ old: String, to new: String, in config: VaultConfig, at time: Date) throws
        -> ConfigEdit
    {
        let new = new.trimmingSpaces()
        guard let index = config.subjects.firstIndex(where: { $0.name.caseInsensitiveCompare(old) == .orderedSame })
        else { throw AppError.unknownSubject(old, known: config.subjects.map(\.name)) }
        if let other = config.subject(named: new), other.name != config.subjects[index].name {
            throw AppError.subjectExists(other.name)
        }
        var config = config
        let from = config.subjects[index].name
        config.subjects[index].name = new
        return ConfigEdit(
            summary: "Rename \(from) to \(new)", name: new, config: config,
            event: SubjectRename(time: time, from: from, to: new))
    }

    /// `subject color`.
    /// - Throws: ``AppError/unknownSubject(_:known:)``.
    public static func recolor(_ name: String, to color: String, in config: VaultConfig) throws -> ConfigEdit {
        guard let index = config.subjects.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame })
        else { throw AppError.unknownSubject(name, known: config.subjects.map(\.name)) }
        var config = config
        config.subjects[index].color = color.lowercased()
        let spelled = config.subjects[index].name
        return ConfigEdit(summary: "Colour \(spelled) \(color.lowercased())", name: spelled, config: config)
    }

    /// `subject rm`: recorded sessions keep their subject's name.
    /// - Throws: ``AppError/unknownSubject(_:known:)``.
    public static func remove(_ name: String, from config: VaultConfig) throws -> ConfigEdit {
        guard let subject = config.subject(named: name) else {
            throw AppError.unknownSubject(name, known: config.subjects.map(\.name))
        }
        var config = config
        config.subjects.removeAll { $0.name == subject.name }
        return ConfigEdit(summary: "Remove subject \(subject.name)", name: subject.name, config: config)
    }

    /// `config` with the renames the ledger records (``StudyLog/renames``)
    /// that it lacks: a `vault subject rename` cut short after its event was
    /// written and before the config was (see docs/ARCHITECTURE.md, "Writes
    /// in two places"). A subject is renamed when the ledger maps its name to
    /// another and no other subject has that name already.
    public static func catchingUp(_ config: VaultConfig, renames: [String: String]) -> VaultConfig {
        guard !renames.isEmpty else { return config }
        var config = config
        for index in config.subjects.indices {
            let name = config.subjects[index].name
            guard let latest = renames[name.lowercased()], latest != name else { continue }
            if let other = config.subject(named: latest), other.name != name { continue }
            config.subjects[index].name = latest
        }
        return config
    }
}
