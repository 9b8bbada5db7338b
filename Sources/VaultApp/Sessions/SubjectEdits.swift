import Foundation
import VaultCore

/// The rules for `vault subject`: pure functions from the config to the new
/// config (written back line by line by the store). A rename also records a
/// `subject-rename` event, so sessions and goals recorded under the old name
/// count under the new one on every clone.
public enum SubjectEdits {
    /// `subject add`.
    /// - Throws: ``AppError/subjectExists(_:)``, ``AppError/unknownCategory(_:)``.
    public static func add(_ name: String, category: String?, color: String, to config: VaultConfig) throws
        -> VaultConfig
    {
        let name = name.trimmingSpaces()
        if let existing = config.subject(named: name) { throw AppError.subjectExists(existing.name) }
        var config = config
        let categoryName = try category.map { c -> String in
            guard let known = config.category(named: c) else { throw AppError.unknownCategory(c) }
            return known.name
        }
        config.subjects.append(Subject(name: name, category: categoryName, color: color.lowercased()))
        return config
    }

    /// `subject rename`: the new config and the event that carries the rename to recorded sessions.
    /// - Throws: ``AppError/unknownSubject(_:known:)``, ``AppError/subjectExists(_:)``.
    public static func rename(_ old: String, to new: String, in config: VaultConfig, at time: Date) throws -> (
        config: VaultConfig, event: SubjectRename
    ) {
        let new = new.trimmingSpaces()
        guard let index = config.subjects.firstIndex(where: { $0.name.caseInsensitiveCompare(old) == .orderedSame })
        else { throw AppError.unknownSubject(old, known: config.subjects.map(\.name)) }
        if let other = config.subject(named: new), other.name != config.subjects[index].name {
            throw AppError.subjectExists(other.name)
        }
        var config = config
        let from = config.subjects[index].name
        config.subjects[index].name = new
        return (config, SubjectRename(time: time, from: from, to: new))
    }

    /// `subject color`.
    public static func recolor(_ name: String, to color: String, in config: VaultConfig) throws -> VaultConfig {
        guard let index = config.subjects.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame })
        else { throw AppError.unknownSubject(name, known: config.subjects.map(\.name)) }
        var config = config
        config.subjects[index].color = color.lowercased()
        return config
    }

    /// `subject rm`: recorded sessions keep their subject's name.
    public static func remove(_ name: String, from config: VaultConfig) throws -> VaultConfig {
        guard let subject = config.subject(named: name) else {
            throw AppError.unknownSubject(name, known: config.subjects.map(\.name))
        }
        var config = config
        config.subjects.removeAll { $0.name == subject.name }
        return config
    }
}
