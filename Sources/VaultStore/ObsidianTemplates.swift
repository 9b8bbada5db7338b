import Foundation

/// The template folders an Obsidian vault names: its notes are templates
/// (`created: {{date}}`, `# {{title}}`), not notes to review or study, so
/// `vault init` lists them in `.vault/ignore`.
///
/// Read from the core Templates plugin (`.obsidian/templates.json`,
/// `"folder"`) and the Templater plugin
/// (`.obsidian/plugins/templater-obsidian/data.json`, `"templates_folder"`).
/// A file over 1 MB, that is not JSON, or names no folder is passed over; so
/// is a folder that is not inside the vault, not there, hidden, or named
/// with characters ignore patterns read as wildcards.
enum ObsidianTemplates {
    static let sources = [
        (file: ".obsidian/templates.json", key: "folder"),
        (file: ".obsidian/plugins/templater-obsidian/data.json", key: "templates_folder"),
    ]

    /// The `.vault/ignore` patterns for the template folders of the vault at `layout`, in source order.
    static func ignorePatterns(_ layout: VaultLayout) -> [String] {
        var patterns: [String] = []
        for source in sources {
            guard let folder = folder(named: source.key, in: layout.url(of: source.file)),
                isFolder(folder, in: layout)
            else { continue }
            let pattern = "/" + folder + "/"
            if !patterns.contains(pattern) { patterns.append(pattern) }
        }
        return patterns
    }

    /// The folder `key` names in the JSON file at `url`, vault-relative
    /// without leading or trailing slashes, when it is a plain relative path.
    static func folder(named key: String, in url: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 1 << 20), data.count < 1 << 20,
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let raw = object[key] as? String
        else { return nil }
        let folder = raw.trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
        let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
        guard !folder.isEmpty, folder.utf8.count <= 1024,
            parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }),
            !folder.contains(where: {
                "*?[]!#\\".contains($0) || $0.isNewline || $0.asciiValue.map { $0 < 0x20 } == true
            })
        else { return nil }
        return folder
    }

    private static func isFolder(_ folder: String, in layout: VaultLayout) -> Bool {
        var info = stat()
        return lstat(layout.url(of: folder).path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
