import Foundation
import VaultCore
import VaultMarkdown

/// A note's text edited outside an editor (the web's `/notes/ID/edit`): the
/// body changed, the front matter kept byte for byte, and never a silent
/// overwrite. The form carries the version it was opened on (``Version``);
/// when the file changed on disk since, the note is left as it is and the
/// person's text is kept beside it as a note of its own (the conflict copy:
/// the same front matter without its `id`, which stays the note's), so
/// both versions are there to merge.
public struct NoteEditing {
    /// The body of a note as a form shows it, and the version it was read at.
    public struct Version: Equatable, Sendable {
        /// The Markdown after the front matter, line ends as `\n`.
        public var body: String
        /// The front matter as written (fences included), empty when the note has none.
        public var frontMatter: String
        /// The file's fingerprint when read (``fingerprint(_:)``): what a save compares.
        public var base: String

        public init(body: String, frontMatter: String, base: String) {
            (self.body, self.frontMatter, self.base) = (body, frontMatter, base)
        }
    }

    /// What a save did.
    public enum Outcome: Equatable, Sendable {
        /// The note now holds the text given.
        case saved
        /// The note held that text already (the same form sent again): nothing was written.
        case unchanged
        /// The note changed on disk since the form was opened: it was left as
        /// it is, and the text given is kept as a new note at `copy`.
        case conflict(copy: String)
    }

    let context: AppContext

    public init(_ context: AppContext) { self.context = context }

    /// The fingerprint of a file's bytes: two FNV-1a hashes, 32 hex digits.
    public static func fingerprint(_ data: Data) -> String {
        let a = StableHash.fnv1a(data)
        let b = StableHash.mix(StableHash.fnv1a(data, seed: a))
        return String(format: "%016llx%016llx", a, b)
    }

    /// The note at `path` as a form edits it.
    /// - Throws: the file store's error when it cannot be read.
    public func version(of path: String) throws -> Version {
        let data = try context.files.read(path)
        let (front, body) = Self.split(data)
        return Version(
            body: String(decoding: body, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"),
            frontMatter: String(decoding: front, as: UTF8.self), base: Self.fingerprint(data))
    }

    /// The front matter block (fences and BOM included) and the body of `data`.
    static func split(_ data: Data) -> (front: Data, body: Data) {
        let body = NoteParser.body(of: data)
        return (data.prefix(data.count - body.count), body)
    }

    /// Writes `body` as the body of the note at `path`, its front matter as
    /// it is, when the file is still at version `base`; with the file's own
    /// line ends (CRLF when it uses them). The note is rewritten atomically.
    /// - Throws: ``AppError/noteNotFound(_:)`` when the note is gone; the file store's error.
    public func save(_ path: String, body: String, base: String) throws -> Outcome {
        guard context.files.exists(path) else { throw AppError.noteNotFound(path) }
        var outcome = Outcome.saved
        var conflict: Data?
        try context.files.rewrite(path) { data in
            let (front, current) = Self.split(data)
            let crlf = data.range(of: Data("\r\n".utf8)) != nil
            var text = body.replacingOccurrences(of: "\r\n", with: "\n")
            if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
            if crlf { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
            let wanted = Data(text.utf8)
            if current == wanted {
                outcome = .unchanged
                return data
            }
            guard Self.fingerprint(data) == base else {
                conflict = Self.withoutID(front) + wanted
                return data
            }
            return front + wanted
        }
        guard let conflict else { return outcome }
        let copy = try context.files.create(conflict, preferredPath: Self.conflictPath(path, at: context.now, in: context.timeZone))
        return .conflict(copy: copy)
    }

    /// `Folder/Name (conflict 2026-11-18 09.00).md` beside the note at `path`.
    static func conflictPath(_ path: String, at now: Date, in timeZone: TimeZone) -> String {
        let stem = path.hasSuffix(".md") ? String(path.dropLast(3)) : path
        let day = VaultDate.dayString(now, in: timeZone)
        let iso = VaultDate.isoString(now, in: timeZone)
        // `2026-11-18T09:00:00+01:00` → `09.00`
        let clock = iso.count >= 16 ? String(iso.dropFirst(11).prefix(5)).replacingOccurrences(of: ":", with: ".") : ""
        return "\(stem) (conflict \(day) \(clock)).md"
    }

    /// A front matter block without its `id:` line (the copy is a note of its own).
    static func withoutID(_ front: Data) -> Data {
        guard !front.isEmpty else { return front }
        let text = String(decoding: front, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeAll { $0.hasPrefix("id:") }
        return Data(lines.joined(separator: "\n").utf8)
    }
}
