import Foundation
import VaultCore

/// `vault import obsidian-sr`: the schedules a Spaced Repetition vault keeps in the plugin's
/// `data.json` (`scheduleData.cardSchedules`) written into its notes as `<!--SR:…-->`
/// comments (``OSRDataStoreImport``), each note rewritten atomically through the files port;
/// what cannot be read is said, not guessed.
public struct ObsidianSRImporting {
    public let context: AppContext

    public init(_ context: AppContext) { self.context = context }

    /// What would be written, the plugin's data it comes from, and the texts it was planned on.
    public struct Prepared {
        public var plan: OSRDataStoreImport.Plan
        public var plugin: ObsidianSRPluginData
        /// Each edited note's text as read, so a note changed meanwhile is left alone.
        var read: [String: String]
    }

    /// Reads `data.json` and the notes, and plans the import.
    /// - Throws: ``AppError/noPluginData(_:)`` without a `data.json` or an `obsidian_sr:`
    ///   section; ``VaultCoreError/badPluginData(file:reason:)`` when it cannot be read.
    public func prepare() throws -> Prepared {
        guard let reading = ObsidianSRAdoption.pluginData(context.files) else {
            throw AppError.noPluginData(
                "there is no \(ObsidianSRSettings.dataFile) in this vault: nothing to import (the plugin keeps its schedules in the notes by default, and vault reads them there).")
        }
        let plugin = try reading.get()
        guard let settings = context.config.obsidianSR else {
            throw AppError.noPluginData(
                ".vault/config.yml has no obsidian_sr: section, so the notes are not read in the plugin's syntax; run `vault check --fix` to take the plugin's settings, then import.")
        }
        let baseEase: Double = {
            if case .osr(let s) = context.config.schedulers.defaultSettings { return s.baseEase }
            return plugin.osr.baseEase
        }()
        var notes: [(path: String, noteID: String?, text: String)] = []
        for note in context.notes.summaries().notes where context.config.decks.contains(note) {
            guard let data = try? context.files.read(note.path), let text = String(data: data, encoding: .utf8) else {
                continue
            }
            notes.append((note.path, note.id, text))
        }
        let plan = OSRDataStoreImport.plan(notes: notes, plugin: plugin, settings: settings, baseEase: baseEase)
        var read: [String: String] = [:]
        for note in notes where plan.edits[note.path] != nil { read[note.path] = note.text }
        return Prepared(plan: plan, plugin: plugin, read: read)
    }

    /// Writes the planned notes, each atomically; a note changed since it was read is left
    /// alone and named in the result.
    /// - Throws: when a note cannot be written (the notes written before it stay written).
    public func write(_ prepared: Prepared) throws -> (written: [String], changedMeanwhile: [String]) {
        var written: [String] = []
        var skipped: [String] = []
        for path in prepared.plan.edits.keys.sorted() {
            guard let text = prepared.plan.edits[path], let before = prepared.read[path] else { continue }
            var same = true
            try context.files.rewrite(path) { data in
                guard String(data: data, encoding: .utf8) == before else {
                    same = false
                    return data
                }
                return Data(text.utf8)
            }
            if same { written.append(path) } else { skipped.append(path) }
        }
        return (written, skipped)
    }
}
