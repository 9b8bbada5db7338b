import Foundation
import VaultCore
import VaultMarkdown

/// The ``NoteSource`` the language server's use cases read: the vault's
/// notes as the base port gave them once, with every open buffer's unsaved
/// text parsed in place of its file (and notes only open in the editor
/// added). A use case called through ``VaultWorkspace/app`` sees what the
/// person sees.
final class BufferedNotes: NoteSource, @unchecked Sendable {
    private let workspace: VaultWorkspace

    init(_ workspace: VaultWorkspace) { self.workspace = workspace }

    func summaries() -> NoteSummaries {
        let notes = workspace.summaries
        let base = workspace.baseCards
        let open = Set(workspace.documents.paths)
        let decks = workspace.context.config.decks
        var cards = base.cards.filter { !open.contains($0.notePath) }
        for path in open.sorted() {
            guard let note = workspace.note(at: path), decks.contains(note.summary),
                let text = workspace.documents[path]?.text.text
            else { continue }
            cards += CardExtractor.cards(in: Data(text.utf8), of: note.summary, syntax: workspace.context.config.cardSyntax)
        }
        return NoteSummaries(notes: notes, cards: cards, problems: base.problems)
    }

    /// Every note in full, read through the base port now (the workspace
    /// keeps its notes without their body text), buffers in place of their files.
    func notes() -> (notes: [Note], problems: [Diagnostic]) {
        let base = workspace.context.notes.notes()
        var byPath = Dictionary(base.notes.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        for path in workspace.documents.paths { byPath[path] = workspace.fullNote(at: path) }
        return (byPath.keys.sorted().compactMap { byPath[$0] }, base.problems)
    }

    func note(at path: String) throws -> Note {
        if let note = workspace.fullNote(at: path) { return note }
        return try workspace.context.notes.note(at: path)
    }
}

/// The ``VaultFiles`` the language server's use cases read: an open
/// buffer's text in place of its file; everything else is the base port's.
final class BufferedFiles: VaultFiles, @unchecked Sendable {
    private let base: any VaultFiles
    private let text: (String) -> String?

    init(base: any VaultFiles, text: @escaping (String) -> String?) {
        self.base = base
        self.text = text
    }

    func read(_ path: String) throws -> Data {
        if let text = text(path) { return Data(text.utf8) }
        return try base.read(path)
    }

    func exists(_ path: String) -> Bool { text(path) != nil || base.exists(path) }

    func rewrite(_ path: String, _ edit: (Data) throws -> Data) throws -> Bool { try base.rewrite(path, edit) }

    func create(_ data: Data, preferredPath path: String) throws -> String {
        try base.create(data, preferredPath: path)
    }

    func createFile(_ data: Data, at path: String) throws { try base.createFile(data, at: path) }

    func writeFolder(_ files: [VaultFile], at folder: String, replacing: Bool) throws {
        try base.writeFolder(files, at: folder, replacing: replacing)
    }

    func attachments() -> [String] { base.attachments() }

    func openAttachment(_ path: String) -> (any FileReading)? { base.openAttachment(path) }

    func line(of needle: String, in path: String) -> Int? {
        guard let text = text(path) else { return base.line(of: needle, in: path) }
        return DocumentText(text).lines.firstIndex { $0.contains(needle) }.map { $0 + 1 }
    }

    func location(of path: String) -> URL { base.location(of: path) }
}
