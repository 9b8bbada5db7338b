import Foundation
import VaultCore

/// Creates a vault: `.vault/config.yml`, `.gitignore` and `.gitattributes`,
/// and `.vault/ignore` when an Obsidian vault names template folders
/// (``ObsidianTemplates``).
///
/// Works in an empty folder and in an existing folder of notes (an Obsidian
/// vault, say): no note is changed, and existing `.gitignore` and
/// `.gitattributes` files keep their lines and get only the missing ones.
public enum VaultInitializer {
    /// The `.gitignore` lines a vault needs: the caches, the per-clone state,
    /// and the temporary file an atomic write leaves if it is killed midway.
    /// Without a trailing slash, so that they match a file or a symbolic link
    /// of that name too, and no collaborator can commit one in their place.
    public static let gitignoreLines = [".vault/cache", ".vault/local", ".vault/trash", ".*.vault-tmp-*"]
    /// The `.gitattributes` lines a vault needs: the ledger merges by union.
    public static let gitattributesLines = [".vault/ledger/*.log merge=union"]

    /// What the Spaced Repetition plugin's files in `folder` say (`.obsidian/plugins/obsidian-spaced-repetition/`):
    /// nil when there is no `data.json`.
    public static func pluginData(in folder: URL) -> Result<ObsidianSRPluginData, VaultCoreError>? {
        let layout = VaultLayout(root: folder)
        let dataURL = layout.url(of: ObsidianSRSettings.dataFile)
        guard FileManager.default.fileExists(atPath: dataURL.path) else { return nil }
        guard let data = try? Data(contentsOf: dataURL) else {
            return .failure(.badPluginData(file: ObsidianSRSettings.dataFile, reason: "it cannot be read."))
        }
        let version = (try? Data(contentsOf: layout.url(of: ObsidianSRSettings.manifestFile)))
            .flatMap(ObsidianSRPluginData.version(ofManifest:))
        do {
            return .success(try ObsidianSRPluginData(data: data, pluginVersion: version))
        } catch let error as VaultCoreError {
            return .failure(error)
        } catch {
            return .failure(.badPluginData(file: ObsidianSRSettings.dataFile, reason: error.localizedDescription))
        }
    }

    /// Makes `folder` a vault whose periods are computed in the zone named `timeZoneIdentifier` (IANA).
    ///
    /// - Parameters:
    ///   - decks: where flashcards live (`nil`: the whole vault when the
    ///     folder holds no note yet, no deck when it does, so an adopted
    ///     vault's highlights and inline fields do not become cards).
    ///   - nesting: make a vault inside or around another one on purpose.
    ///   - plugin: the Spaced Repetition plugin's data found in the folder: its settings,
    ///     decks and algorithm are taken into the config (``ObsidianSRPluginData/adopting(into:)``).
    /// - Returns: the vault-relative paths written or extended.
    /// - Throws: ``VaultStoreError/alreadyAVault(_:)`` when it already is
    ///   one, ``VaultStoreError/nestedVault(_:other:inside:)`` when another
    ///   vault encloses it or lies inside it (unless `nesting`).
    @discardableResult
    public static func initialize(
        _ folder: URL, timeZoneIdentifier: String, decks: Decks? = nil, nesting: Bool = false,
        plugin: ObsidianSRPluginData? = nil
    ) throws -> [String] {
        let layout = VaultLayout(root: folder)
        let fm = FileManager.default
        if fm.fileExists(atPath: layout.configFile.path) { throw VaultStoreError.alreadyAVault(folder.path) }
        if !nesting {
            if let outer = enclosingVault(of: folder) {
                throw VaultStoreError.nestedVault(folder.path, other: outer.path, inside: true)
            }
            if let inner = vaults(inside: folder).first {
                throw VaultStoreError.nestedVault(folder.path, other: inner.path, inside: false)
            }
        }
        do {
            try fm.createDirectory(at: layout.dotVault, withIntermediateDirectories: true)
        } catch {
            throw VaultStoreError.unwritable(
                path: layout.dotVault.path, reason: VaultStoreError.reason(of: error))
        }
        var written = [".vault/config.yml"]
        var config = VaultConfig(timeZoneIdentifier: timeZoneIdentifier)
        let holdsNotes = !VaultScanner(layout: layout).scan().files.isEmpty
        config.decks = decks ?? (holdsNotes ? Decks() : .wholeVault)
        if let plugin {
            config.decks = Decks()
            config = plugin.adopting(into: config)
            config.extra["schedulers"] = plugin.schedulerLines.joined(separator: "\n")
        }
        try ConfigFile.write(config, to: layout)
        if try appendMissingLines(gitignoreLines, to: layout.url(of: ".gitignore")) { written.append(".gitignore") }
        if try appendMissingLines(gitattributesLines, to: layout.url(of: ".gitattributes")) {
            written.append(".gitattributes")
        }
        let templates = ObsidianTemplates.ignorePatterns(layout)
        if !templates.isEmpty,
            try appendMissingLines(
                ["# Obsidian's template folders: templates, not notes (vault init)"] + templates,
                to: layout.url(of: IgnoreRules.path))
        {
            written.append(IgnoreRules.path + " (" + templates.joined(separator: ", ") + ")")
        }
        return written
    }

    /// The nearest folder above `folder` that is a vault (holds `.vault/config.yml`).
    public static func enclosingVault(of folder: URL) -> URL? {
        var current = folder.standardizedFileURL
        while true {
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
            if FileManager.default.fileExists(atPath: VaultLayout(root: current).configFile.path) { return current }
        }
    }

    /// The vaults in folders below `folder` (not following links, not entering hidden folders), in path order.
    /// Read with `readdir`, whose entries say which are folders: only folders are looked at
    /// (FileManager's attributes of every file were 7% of adopting 6,280 notes).
    public static func vaults(inside folder: URL) -> [URL] {
        var found: [String] = []
        var stack = [folder.standardizedFileURL.path]
        while let current = stack.popLast() {
            guard let dir = opendir(current) else { continue }
            var folders: [String] = []
            while let entry = readdir(dir) {
                // In place (`&`): a copy of all of `d_name` reads past a short entry (VaultScanner.list).
                let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }  // hidden folders, `.` and `..`
                let child = (current == "/" ? "" : current) + "/" + name
                var info = stat()
                let type = entry.pointee.d_type
                let isFolder =
                    type == UInt8(DT_DIR)
                    || (type == UInt8(DT_UNKNOWN) && lstat(child, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
                if isFolder { folders.append(child) }
            }
            closedir(dir)
            for child in folders {
                var info = stat()
                if stat(child + "/.vault/config.yml", &info) == 0 { found.append(child) } else { stack.append(child) }
            }
        }
        return found.sorted().map { URL(fileURLWithPath: $0, isDirectory: true) }
    }

    /// Appends the lines `file` lacks; true when it wrote anything.
    static func appendMissingLines(_ lines: [String], to file: URL) throws -> Bool {
        let existing = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let present = Set(existing.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() })
        let missing = lines.filter { !present.contains($0) }
        guard !missing.isEmpty else { return false }
        var text = existing
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        text += missing.joined(separator: "\n") + "\n"
        try AtomicFile.write(Data(text.utf8), to: file)
        return true
    }
}
