import Foundation
import GRDB
import VaultCore

extension SearchIndex {
    /// The paths of the notes whose `links` column holds one of `names` as a
    /// phrase (the FTS tokenizer folds case and accents on both sides): a
    /// superset of the notes linking to a note known by those names, for
    /// ``NoteLinks`` to parse instead of every note. Nil when a name has no
    /// letter or digit: the tokenizer would find no word in it to look for.
    /// - Throws: ``VaultIndexError/database(path:reason:)``.
    public func linkSources(naming names: [String]) throws -> Set<String>? {
        guard !names.isEmpty, names.allSatisfy({ $0.contains { $0.isLetter || $0.isNumber } }) else { return nil }
        let match = Set(names).sorted().map { "links : \"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
            .joined(separator: " OR ")
        do {
            return try database.read { db in
                try Set(
                    String.fetchAll(
                        db,
                        sql: """
                            SELECT notes.path FROM notes_fts JOIN notes ON notes.rowid = notes_fts.rowid
                            WHERE notes_fts MATCH ?
                            """, arguments: [match]))
            }
        } catch {
            throw VaultIndexError.database(path: Self.displayPath, reason: "\(error)")
        }
    }
}
