import Foundation
import GRDB
import VaultCore

/// The SQL that finds the notes a ``SearchQuery`` asks for: ranked by BM25
/// when it has words, newest first when it has only filters.
///
/// User text reaches SQLite only as bound parameters, and FTS5 text only
/// through ``FTSExpression``; the SQL strings here are fixed fragments.
struct SearchStatement {
    var sql: String
    var arguments: StatementArguments
    /// The MATCH string of the positive terms, for snippets; nil for a
    /// filter-only query.
    var match: String?

    /// The statement for `query`, returning `rowid`, `path` and `score` of at
    /// most `limit` notes (all when nil); or, when `counting`, one row with
    /// how many notes it finds, neither ranked nor sorted.
    init(_ query: SearchQuery, limit: Int?, timeZone: TimeZone, counting: Bool = false) {
        var conditions: [String] = []
        var arguments = StatementArguments()
        for filter in query.filters {
            let (condition, values) = Self.condition(filter.kind, timeZone: timeZone)
            conditions.append(filter.negated ? "NOT coalesce((\(condition)), 0)" : "coalesce((\(condition)), 0)")
            arguments += StatementArguments(values)
        }
        if !query.excluded.isEmpty {
            conditions.append("n.rowid NOT IN (SELECT rowid FROM notes_fts WHERE notes_fts MATCH ?)")
            arguments += [FTSExpression.any(query.excluded)]
        }
        let limitClause = limit.map { " LIMIT \(max(0, $0))" } ?? ""
        if query.isFilterOnly {
            match = nil
            let whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            sql =
                counting
                ? "SELECT count(*) FROM notes n\(whereClause)"
                : "SELECT n.rowid, n.path, 0.0 FROM notes n\(whereClause)"
                    + " ORDER BY n.created DESC NULLS LAST, n.path\(limitClause)"
            self.arguments = arguments
        } else {
            let match = FTSExpression.all(query.groups)
            self.match = match
            // Drive from the FTS match, look notes up by rowid: reading any
            // column of notes_fts would load each hit's stored body.
            let rest = conditions.isEmpty ? "" : " AND " + conditions.joined(separator: " AND ")
            let found = " FROM notes_fts JOIN notes n ON n.rowid = notes_fts.rowid WHERE notes_fts MATCH ?\(rest)"
            sql =
                counting
                ? "SELECT count(*)" + found
                : "SELECT n.rowid, n.path, -bm25(notes_fts, \(IndexSchema.bm25Weights)) AS score" + found
                    + " ORDER BY score DESC, n.created DESC NULLS LAST, n.path\(limitClause)"
            self.arguments = [match] + arguments
        }
    }

    /// A filter as an SQL condition on `notes n`, with its bound values.
    static func condition(_ kind: SearchFilter.Kind, timeZone: TimeZone) -> (String, [DatabaseValueConvertible?]) {
        switch kind {
        case .tag(let tag):
            let key = Tag.key(tag)
            return (
                "instr(n.tag_keys, ?) > 0 OR instr(n.tag_keys, ?) > 0",
                [IndexedNote.tagSeparator + key + IndexedNote.tagSeparator, IndexedNote.tagSeparator + key + "/"]
            )
        case .category(let name):
            return ("n.category_key = ?", [name.lowercased()])
        case .source(let text):
            return ("instr(n.source_key, ?) > 0", [text.lowercased()])
        case .sourceType(let type):
            return ("n.source_type = ?", [type.lowercased()])
        case .cycle(let cycle):
            return ("n.cycle >= ?", [cycle.rawValue])
        case .archived(let archived):
            return ("n.archived = ?", [archived ? 1 : 0])
        case .created(let range):
            let bounds = range.bounds(in: timeZone)
            switch (bounds.start, bounds.end) {
            case let (start?, end?):
                return ("n.created >= ? AND n.created < ?", [start.timeIntervalSince1970, end.timeIntervalSince1970])
            case let (start?, nil):
                return ("n.created >= ?", [start.timeIntervalSince1970])
            case let (nil, end?):
                return ("n.created < ?", [end.timeIntervalSince1970])
            case (nil, nil):
                return ("n.created IS NOT NULL", [])
            }
        case .path(let prefix):
            return ("instr(n.path, ?) = 1", [prefix])
        }
    }
}
