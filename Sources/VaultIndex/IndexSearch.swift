import Foundation
import GRDB
import VaultCore

extension SearchIndex {
    /// Runs `query` against the cache (call ``refresh(rebuild:scan:progress:)``
    /// first): BM25-ranked with title and tags above the body, ties newest
    /// first; newest first for a query of filters only.
    ///
    /// - Parameters:
    ///   - limit: the most hits to return; all when nil.
    ///   - pathsOnly: skip titles and snippets (for `vault search -l`).
    /// - Throws: ``VaultIndexError/database(path:reason:)``.
    public func search(_ query: SearchQuery, limit: Int?, pathsOnly: Bool = false) throws -> [SearchHit] {
        let statement = SearchStatement(query, limit: limit, timeZone: timeZone)
        return try answering { try run(statement, groups: query.groups, pathsOnly: pathsOnly) }
    }

    /// How many notes `query` finds: what ``search(_:limit:pathsOnly:)``
    /// without a limit would return, counted without ranking or sorting
    /// them (a web page's total: 37,468 hits at 100,000 notes in 14 ms,
    /// against 60 ms ranked).
    /// - Throws: ``VaultIndexError/database(path:reason:)``.
    public func count(_ query: SearchQuery) throws -> Int {
        let statement = SearchStatement(query, limit: nil, timeZone: timeZone, counting: true)
        return try answering {
            try database.read { db in
                try Int.fetchOne(db, sql: statement.sql, arguments: statement.arguments) ?? 0
            }
        }
    }

    /// `body`'s answer; on damage the refresh did not meet (its fingerprint
    /// matched) the cache is rebuilt from the notes and `body` asked again,
    /// rather than answer from nothing.
    private func answering<Answer>(_ body: () throws -> Answer) throws -> Answer {
        do {
            return try body()
        } catch let error where Self.isDamage(error) {
            do {
                try resetDatabase()
                try refresh()
                return try body()
            } catch let error as VaultIndexError {
                throw error
            } catch {
                throw VaultIndexError.database(path: Self.displayPath, reason: "\(error)")
            }
        } catch let error as VaultIndexError {
            throw error
        } catch {
            throw VaultIndexError.database(path: Self.displayPath, reason: "\(error)")
        }
    }

    private func run(_ statement: SearchStatement, groups: [[SearchTerm]], pathsOnly: Bool) throws -> [SearchHit] {
        try database.read { db in
            let ranked = try Row.fetchAll(db, sql: statement.sql, arguments: statement.arguments)
            if pathsOnly {
                return ranked.map {
                    SearchHit(
                        path: $0[1], id: nil, title: "", category: nil, tags: [], created: nil, score: $0[2],
                        snippet: Snippet(parts: []))
                }
            }
            if statement.match != nil, let hits = try Self.hitsWithBodySnippets(ranked, groups: groups, db: db) {
                return hits
            }
            let notes = try ranked.map { ranked -> (rowid: Int64, score: Double, row: Row) in
                let rowid: Int64 = ranked[0]
                let row = try Row.fetchOne(
                    db, sql: "SELECT path, id, title, category, tags, created, size FROM notes WHERE rowid = ?",
                    arguments: [rowid])
                guard let row else {
                    throw VaultIndexError.database(path: Self.displayPath, reason: "note \(rowid) is in the text index only")
                }
                return (rowid, ranked[2], row)
            }
            var snippets: [Int64: String] = [:]
            if let match = statement.match {
                let short = notes.filter { ($0.row[6] as Int64) <= SnippetWindows.windowBytes }.map(\.rowid)
                snippets = try Self.snippets(of: short, match: match, db: db)
            }
            var windows: SnippetWindows?  // made for the first long note among the hits
            return try notes.map {
                try hit(
                    rowid: $0.rowid, score: $0.score, row: $0.row, match: statement.match, snippet: snippets[$0.rowid],
                    windows: &windows, db: db)
            }
        }
    }

    /// Words of context a snippet shows around the match.
    static let snippetWords = 14

    /// FTS5's marked snippets of the notes `rowids` for `match`, from one
    /// run of the query: asking per note (`MATCH ? AND rowid = ?`) evaluates
    /// the whole MATCH again for every hit, which made `vault search 'a*'`
    /// quadratic in the hits (issue 34). The `+` keeps SQLite from turning
    /// the rowid set into one lookup (and one MATCH) per note.
    static func snippets(of rowids: [Int64], match: String, db: Database) throws -> [Int64: String] {
        guard !rowids.isEmpty else { return [:] }
        let list = "[" + rowids.map(String.init).joined(separator: ",") + "]"
        var found: [Int64: String] = [:]
        found.reserveCapacity(rowids.count)
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT rowid, snippet(notes_fts, 2, char(2), char(3), '…', \(Self.snippetWords))
                FROM notes_fts WHERE notes_fts MATCH ? AND +rowid IN (SELECT value FROM json_each(?))
                """, arguments: [match, list])
        while let row = try rows.next() { found[row[0]] = row[1] as String? ?? "" }
        return found
    }

    private func hit(
        rowid: Int64, score: Double, row: Row, match: String?, snippet: String?, windows: inout SnippetWindows?,
        db: Database
    ) throws -> SearchHit {
        var marked: String?
        let fileSize: Int64 = row[6]
        if match != nil, fileSize <= SnippetWindows.windowBytes {
            marked = snippet ?? ""
        } else if let match {
            // A long note: FTS5's snippet would take the square of its matches (see SnippetWindows).
            let body = try String.fetchOne(db, sql: "SELECT body FROM notes_fts WHERE rowid = ?", arguments: [rowid])
            if windows == nil { windows = try SnippetWindows() }
            marked = try windows?.marked(body: body ?? "", match: match, words: Self.snippetWords)
        }
        let isExcerpt = marked == nil
        if marked == nil {
            // No words to show in context: the start of the body.
            marked =
                try String.fetchOne(
                    db, sql: "SELECT substr(body, 1, 200) FROM notes_fts WHERE rowid = ?", arguments: [rowid]) ?? ""
        }
        return Self.hit(HitFields(row), score: score, marked: marked ?? "", isExcerpt: isExcerpt)
    }

    /// A hit's fields from its `notes` row (`path, id, title, category, tags, created, size`).
    struct HitFields: Sendable {
        var path: String
        var id: String?
        var title: String
        var category: String?
        var tags: String
        var created: Double?
        var size: Int64

        init(_ row: Row) {
            path = row[0]
            id = row[1]
            title = row[2]
            category = row[3]
            tags = row[4]
            created = row[5]
            size = row[6]
        }
    }

    /// The hit for a note with `fields`, its snippet read from FTS5's
    /// `marked` text (or, for an excerpt, the start of its body).
    static func hit(_ fields: HitFields, score: Double, marked: String, isExcerpt: Bool) -> SearchHit {
        SearchHit(
            path: fields.path, id: fields.id, title: fields.title, category: fields.category,
            tags: fields.tags.isEmpty ? [] : fields.tags.components(separatedBy: IndexedNote.tagSeparator),
            created: fields.created.map(Date.init(timeIntervalSince1970:)), score: score,
            snippet: withoutTitle(Snippet(marked: trimmed(marked, isExcerpt: isExcerpt)), title: fields.title))
    }

    /// `snippet` without the title it opens with (a note's first heading is
    /// in its body): the title is printed above the snippet already. A match
    /// inside the dropped title goes with it; a snippet that starts in the
    /// middle of the body (with "…"), or whose first words are not the whole
    /// title, is left as it is.
    static func withoutTitle(_ snippet: Snippet, title: String) -> Snippet {
        let title = title.trimmingCharacters(in: .whitespaces)
        let text = snippet.plainText
        guard !title.isEmpty, text.hasPrefix(title) else { return snippet }
        let after = text.dropFirst(title.count)
        guard after.first.map({ $0.isWhitespace }) ?? true else { return snippet }
        var drop = title.count + after.prefix(while: \.isWhitespace).count
        var parts: [Snippet.Part] = []
        for part in snippet.parts {
            if drop >= part.text.count {
                drop -= part.text.count
                continue
            }
            parts.append(Snippet.Part(text: String(part.text.dropFirst(drop)), isMatch: part.isMatch))
            drop = 0
        }
        return Snippet(parts: parts)
    }

    /// The body's start cut at a word boundary, with an ellipsis when cut.
    static func trimmed(_ text: String, isExcerpt: Bool) -> String {
        guard isExcerpt, text.count >= 200 else { return text }
        let cut = text.lastIndex(of: " ").map { String(text[..<$0]) } ?? text
        return cut + "…"
    }
}
