import Foundation
import VaultCore

/// The three lists of names `.vault/config.yml` keeps.
public enum ConfigNameKind: Sendable {
    /// `categories:` (`vault category`): notes name one in `category:`.
    case category
    /// `subjects:` (`vault subject`): study sessions are about one.
    case subject
    /// `source_types:` (`vault source-type`): notes name one in `source_type:`.
    case sourceType
}

/// A name of one of the lists, with how much it is used.
public struct ConfigName: Equatable, Sendable {
    public var name: String
    /// Its `#rrggbb` colour; nil for a source type.
    public var color: String?
    /// A subject's category.
    public var category: String?
    /// The notes that name it (categories, source types), or the minutes studied (subjects).
    public var uses: Int
}

/// `vault category`, `vault subject` and `vault source-type`: one use case
/// for the three lists of names, parameterised by the kind. It lists the
/// names with their use and makes the edits (``ConfigEdit``) the rules of
/// each kind give (``ConfigEdits``, ``SubjectEdits``); ``ConfigEditing``
/// writes them, whatever their kind.
public struct ConfigNames {
    public let context: AppContext
    public let kind: ConfigNameKind
    /// The config edits start from: for subjects, caught up with the ledger's
    /// renames (``StudyTracking/config``); else the context's.
    public let config: VaultConfig
    /// The study log, for subjects.
    private let tracking: StudyTracking?

    public init(_ context: AppContext, _ kind: ConfigNameKind) {
        self.context = context
        self.kind = kind
        tracking = kind == .subject ? StudyTracking(context) : nil
        config = tracking?.config ?? context.config
    }

    /// Every name of the kind with its use: categories alphabetically, subjects and source types as the config lists them.
    public func list() -> [ConfigName] {
        switch kind {
        case .category:
            let counts = ConfigEdits.categoryCounts(context.notes.summaries().notes)
            return config.categories.sorted { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending }
                .map { ConfigName(name: $0.name, color: $0.color, uses: counts[$0.name.lowercased()] ?? 0) }
        case .subject:
            var minutes: [String: Int] = [:]
            for session in tracking?.log.sessions ?? [] {
                minutes[session.subject.lowercased(), default: 0] += session.minutes
            }
            return config.subjects.map {
                ConfigName(
                    name: $0.name, color: $0.color, category: $0.category, uses: minutes[$0.name.lowercased()] ?? 0)
            }
        case .sourceType:
            let counts = ConfigEdits.sourceTypeCounts(context.notes.summaries().notes)
            return config.sourceTypes.map { ConfigName(name: $0, uses: counts[$0.lowercased()] ?? 0) }
        }
    }

    /// The edit that adds `name` (with `color`, and for a subject its `category`).
    /// - Throws: ``AppError`` when the name is taken or the category unknown.
    public func adding(_ name: String, color: String, category: String? = nil) throws -> ConfigEdit {
        switch kind {
        case .category: try ConfigEdits.addCategory(name, color: color, to: config)
        case .subject: try SubjectEdits.add(name, category: category, color: color, to: config)
        case .sourceType: try ConfigEdits.addSourceType(name, to: config)
        }
    }

    /// The edit that gives the category or subject `name` the colour `color` (source types have none).
    /// - Throws: ``AppError`` when no name of the kind is `name`.
    public func recoloring(_ name: String, to color: String) throws -> ConfigEdit {
        switch kind {
        case .category: try ConfigEdits.recolorCategory(name, to: color, in: config)
        case .subject: try SubjectEdits.recolor(name, to: color, in: config)
        case .sourceType: preconditionFailure("source types have no colour")
        }
    }

    /// The edit that renames the category or subject `old` to `new`: the notes that name a category
    /// are rewritten; a subject's sessions follow through a ledger event.
    /// - Throws: ``AppError`` when no name of the kind is `old`, or (subjects) `new` is taken.
    public func renaming(_ old: String, to new: String) throws -> ConfigEdit {
        switch kind {
        case .category:
            try ConfigEdits.renameCategory(old, to: new, in: config, notes: context.notes.summaries().notes)
        case .subject: try SubjectEdits.rename(old, to: new, in: config, at: context.now)
        case .sourceType: preconditionFailure("source types are not renamed")
        }
    }

    /// The edit that removes `name`: notes lose the line that names it; a subject's sessions keep its name.
    /// - Throws: ``AppError`` when no name of the kind is `name`.
    public func removing(_ name: String) throws -> ConfigEdit {
        switch kind {
        case .category: try ConfigEdits.removeCategory(name, from: config, notes: context.notes.summaries().notes)
        case .subject: try SubjectEdits.remove(name, from: config)
        case .sourceType: try ConfigEdits.removeSourceType(name, from: config, notes: context.notes.summaries().notes)
        }
    }

    /// How many recorded sessions and goals name the subject `name` (nothing for the other kinds).
    public func records(naming name: String) -> (sessions: Int, goals: Int) {
        tracking?.records(naming: name) ?? (0, 0)
    }
}
