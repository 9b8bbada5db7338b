import Foundation

/// The vault's own files, named by vault-relative paths: notes read and
/// written whole (atomically), attachments listed, folders written at once.
/// Every path is the vault's: the adapter refuses one that leaves it.
public protocol VaultFiles: Sendable {
    /// The bytes of the file at `path`.
    /// - Throws: when it cannot be read, or `path` leaves the vault.
    func read(_ path: String) throws -> Data
    /// True when a file or folder is at `path`.
    func exists(_ path: String) -> Bool
    /// Rewrites the note at `path` through `edit`, atomically; nothing is
    /// written when `edit` throws or returns the same bytes.
    /// - Returns: true when the file changed.
    /// - Throws: what `edit` throws, or when the file cannot be written.
    @discardableResult
    func rewrite(_ path: String, _ edit: (Data) throws -> Data) throws -> Bool
    /// Writes `data` as a new note at `path`, or beside it (`path 2.md`)
    /// when the name is taken; never replaces a file.
    /// - Returns: the path written.
    func create(_ data: Data, preferredPath path: String) throws -> String
    /// Writes `data` as a new file at exactly `path` (a note, a picture, a
    /// sound), atomically; never replaces one.
    /// - Throws: when a file is at `path` already, or it cannot be written.
    func createFile(_ data: Data, at path: String) throws
    /// Writes `files` as the folder `folder`, whole or not at all (a
    /// temporary folder renamed into place), replacing the folder there
    /// when `replacing`.
    func writeFolder(_ files: [VaultFile], at folder: String, replacing: Bool) throws
    /// Every file that is not a note (pictures, PDFs…), honouring `.vault/ignore`.
    func attachments() -> [String]
    /// The attachment at `path` opened to be read a piece at a time (a
    /// picture sent to a browser is never held whole), when it is one that
    /// ``attachments()`` lists and is reached through no symbolic link: not
    /// a note, nothing hidden on the way, not ignored, a regular file. Nil for
    /// any other path. One path is checked, the vault is not walked.
    func openAttachment(_ path: String) -> (any FileReading)?
    /// The line (from 1) of the first line of `path` that holds `text`.
    func line(of text: String, in path: String) -> Int?
    /// Where `path` is on disk, for a program the front end starts (an
    /// editor, a picture viewer); `""` is the vault's folder.
    func location(of path: String) -> URL
}

/// A file open for reading, a piece at a time (closed when let go).
public protocol FileReading: AnyObject, Sendable {
    /// Its size when it was opened, in bytes.
    var size: Int { get }
    /// The next bytes, at most `count` of them; empty at the end.
    /// - Throws: when the file cannot be read.
    func read(upTo count: Int) throws -> Data
}

/// A file to write: a name inside its folder and its bytes.
public struct VaultFile: Sendable, Equatable {
    public var name: String
    public var bytes: Data

    public init(name: String, bytes: Data) {
        self.name = name
        self.bytes = bytes
    }
}
