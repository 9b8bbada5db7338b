import Foundation
import VaultCore

/// Writes changed FSRS weights into the text of `.vault/config.yml` (for
/// `vault fsrs optimize`), line by line with ``ConfigText/setting(_:path:key:value:)``:
/// the vault's weights go to `schedulers.default` when that is a map naming
/// fsrs, else to `schedulers.fsrs`; a folder's to its entry under
/// `schedulers.folders`.
enum FSRSWeightsText {
    /// The weights could not be written without losing other settings.
    struct NotWritten: LocalizedError, Equatable {
        var path: String
        var errorDescription: String? {
            "could not write the FSRS weights into \(path) without rewriting other settings; set `parameters:` under `schedulers:` by hand (docs/FORMAT.md, Flashcards) or run `vault fsrs optimize --dry-run` to see them."
        }
    }

    static func parameters(_ settings: SchedulerSettings) -> [Double]? {
        if case .fsrs(let s) = settings { return s.parameters }
        return nil
    }

    static func list(_ weights: [Double]) -> String {
        "[" + weights.map { String(format: "%.4f", $0) }.joined(separator: ", ") + "]"
    }

    /// The folders of `new` whose weights changed on their own (not only by following the vault's).
    static func changedFolders(from old: SchedulerConfig, to new: SchedulerConfig) -> [SchedulerConfig.FolderRule] {
        let vault = parameters(new.defaultSettings)
        return new.folders.filter { rule in
            guard let weights = parameters(rule.settings), weights != vault else { return false }
            return old.folders.first { $0.prefix == rule.prefix }.flatMap { parameters($0.settings) } != weights
        }
    }

    static func updating(_ text: String, from old: SchedulerConfig, to new: SchedulerConfig) -> String {
        var text = text
        if let weights = parameters(new.defaultSettings), weights != parameters(old.defaultSettings) {
            let defaultIsMap = (try? ConfigFile.composed(text, path: ".vault/config.yml"))??["schedulers"]?["default"]?
                .entries != nil
            text = ConfigText.setting(
                text, path: ["schedulers", defaultIsMap ? "default" : "fsrs"], key: "parameters", value: list(weights))
        }
        for rule in changedFolders(from: old, to: new) {
            guard let weights = parameters(rule.settings) else { continue }
            text = ConfigText.setting(
                text, path: ["schedulers", "folders", rule.prefix], key: "parameters", value: list(weights))
        }
        return text
    }

    /// Whether `reread` has the changed weights of `new`.
    static func holds(_ reread: SchedulerConfig, weightsOf new: SchedulerConfig, old: SchedulerConfig) -> Bool {
        if parameters(new.defaultSettings) != parameters(old.defaultSettings),
            parameters(reread.defaultSettings) != parameters(new.defaultSettings)
        {
            return false
        }
        for rule in changedFolders(from: old, to: new) {
            guard let back = reread.folders.first(where: { $0.prefix == rule.prefix }),
                parameters(back.settings) == parameters(rule.settings)
            else { return false }
        }
        return true
    }
}
