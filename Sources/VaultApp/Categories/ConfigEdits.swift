import Foundation
import VaultCore

/// A change to the vault's categories, subjects or source types: the new
/// config, the notes whose front matter must change with it, and the ledger
/// event that carries it to recorded sessions. ``ConfigEditing`` carries it
/// out; the rules that make one (``ConfigEdits``, ``SubjectEdits``) are pure.
public struct ConfigEdit: Equatable {
    /// What the edit does, as a sentence start ("Rename Health to Wellbeing").
    public var summary: String
    /// The name edited, as the config spells it after the edit (before it, for a removal).
    public var name: String
    /// The config after the edit.
    public var config: VaultConfig
    /// The notes to rewrite, by path order.
    public var notes: [String]
    /// The front matter change to make in each; nil when no note changes.
    public var change: FrontMatterChange?
    /// The event to record before the config is written (a subject rename), if any.
    public var event: SubjectRename?

    public init(
        summary: String, name: String, config: VaultConfig, notes: [String] = [], change: FrontMatterChange? = nil,
        event: SubjectRename? = nil
    ) {
        self.summary = summary
        self.name = name
        self.config = config
        self.notes = notes
        self.change = change
        self.event = event
    }

    /// One front matter key set to a value, or removed.
    public enum FrontMatterChange: Equatable {
        case set(key: String, value: String)
        case remove(key: String)
    }
}

/// The rules for `vault category` and `vault source-type`: pure functions
/// from the config and the notes' summaries to the edit to make
/// (``ConfigEditing`` makes it).
public enum ConfigEdits {
    /// `category add`.
    /// - Throws: ``AppError/categoryExists(_:)``.
    public static func addCategory(_ name: String, color: String, to config: VaultConfig) throws -> ConfigEdit {
        guard config.category(named: name) == nil else { throw AppError.categoryExists(name) }
        var config = config
        let name = name.trimmingSpaces()
        config.categories.append(Category(name: name, color: color.lowercased()))
        return ConfigEdit(summary: "Add category \(name)", name: name, config: config)
    }

    /// `category color`: the edit names the category as the config spells it.
    /// - Throws: ``AppError/unknownCategory(_:)``.
    public static func recolorCategory(_ name: String, to color: String, in config: VaultConfig) throws
        -> ConfigEdit
    {
        var config = config
        guard let index = config.categories.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame })
        else { throw AppError.unknownCategory(name) }
        config.categories[index].color = color.lowercased()
        let spelled = config.categories[index].name
        return ConfigEdit(summary: "Colour \(spelled) \(color.lowercased())", name: spelled, config: config)
    }

    /// `category rename`: renaming to an existing category merges the two.
    /// - Throws: ``AppError/unknownCategory(_:)``.
    public static func renameCategory(_ old: String, to new: String, in config: VaultConfig, notes: [NoteSummary])
        throws -> ConfigEdit
    {
        var config = config
        guard let current = config.category(named: old) else { throw AppError.unknownCategory(old) }
        let target = config.category(named: new)?.name ?? new.trimmingSpaces()
        let merged = config.category(named: new) != nil && target.caseInsensitiveCompare(current.name) != .orderedSame
        config.categories = config.categories.compactMap { category in
            guard category.name == current.name else { return category }
            return merged ? nil : Category(name: target, color: category.color)
        }
        return ConfigEdit(
            summary: merged ? "Merge \(current.name) into \(target)" : "Rename \(current.name) to \(target)",
            name: target, config: config,
            notes: paths(notes) { $0.category?.caseInsensitiveCompare(current.name) == .orderedSame },
            change: .set(key: "category", value: target))
    }

    /// `category rm`: its notes become uncategorised.
    /// - Throws: ``AppError/unknownCategory(_:)``.
    public static func removeCategory(_ name: String, from config: VaultConfig, notes: [NoteSummary]) throws
        -> ConfigEdit
    {
        var config = config
        guard let current = config.category(named: name) else { throw AppError.unknownCategory(name) }
        config.categories.removeAll { $0.name == current.name }
        return ConfigEdit(
            summary: "Remove \(current.name)", name: current.name, config: config,
            notes: paths(notes) { $0.category?.caseInsensitiveCompare(current.name) == .orderedSame },
            change: .remove(key: "category"))
    }

    /// `source-type add`.
    /// - Throws: ``AppError/sourceTypeExists(_:)``.
    public static func addSourceType(_ name: String, to config: VaultConfig) throws -> ConfigEdit {
        guard !config.knowsSourceType(name) else { throw AppError.sourceTypeExists(name) }
        var config = config
        config.sourceTypes.append(name.lowercased())
        return ConfigEdit(summary: "Add source type \(name.lowercased())", name: name.lowercased(), config: config)
    }

    /// `source-type rm`: notes that declare the type lose their `source_type` line (inferred types are not written).
    /// - Throws: ``AppError/unknownSourceType(_:)``.
    public static func removeSourceType(_ name: String, from config: VaultConfig, notes: [NoteSummary]) throws
        -> ConfigEdit
    {
        guard config.knowsSourceType(name) else { throw AppError.unknownSourceType(name) }
        var config = config
        config.sourceTypes.removeAll { $0.caseInsensitiveCompare(name) == .orderedSame }
        return ConfigEdit(
            summary: "Remove source type \(name.lowercased())", name: name.lowercased(), config: config,
            notes: paths(notes) {
                !$0.sourceTypeInferred && $0.sourceType?.caseInsensitiveCompare(name) == .orderedSame
            },
            change: .remove(key: "source_type"))
    }

    /// Notes counted per category (lowercased name).
    public static func categoryCounts(_ notes: [NoteSummary]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for note in notes { if let c = note.category { counts[c.lowercased(), default: 0] += 1 } }
        return counts
    }

    /// Notes counted per declared or inferred source type (lowercased).
    public static func sourceTypeCounts(_ notes: [NoteSummary]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for note in notes { if let t = note.sourceType { counts[t.lowercased(), default: 0] += 1 } }
        return counts
    }

    private static func paths(_ notes: [NoteSummary], where matches: (NoteSummary) -> Bool) -> [String] {
        notes.filter(matches).map(\.path).sorted()
    }
}
