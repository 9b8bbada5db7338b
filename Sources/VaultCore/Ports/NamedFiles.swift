import Foundation

/// Files the person names on the command line (an import's file, `--out`,
/// `--html`, an export's folder): read whole, written whole, never half.
public protocol NamedFiles {
    /// The bytes of the file at `path` (absolute, or relative to the working folder).
    /// - Throws: an error naming `path` as given and why it cannot be read.
    func read(_ path: String) throws -> Data
    /// Writes `data` to `path` (absolute, or relative to the working folder).
    func write(_ data: Data, to path: String) throws
    /// Writes a static site into `folder`: the pages, and the vault's
    /// `attachments` copied beside them.
    func writeSite(_ pages: [(path: String, html: String)], attachments: [String], to folder: String) throws
    /// Writes a static site as ``writeSite(_:attachments:to:)`` does, with
    /// `assets` (files made for the site, such as KaTeX's fonts) beside the pages.
    func writeSite(
        _ pages: [(path: String, html: String)], assets: [(path: String, bytes: Data)], attachments: [String],
        to folder: String) throws
    /// Makes a new file at `path` holding `data` that only this user can
    /// read (0600), never over an existing file and never through a link: a
    /// secret, such as `vault serve --token-file`'s token.
    /// - Throws: an error naming `path` when it is there already or cannot be made.
    func createPrivate(_ data: Data, at path: String) throws
    /// Writes `files` (each named by its path inside the folder) as the new
    /// folder `folder`, whole or not at all; refused when the folder holds anything.
    func writeNewFolder(_ files: [VaultFile], to folder: String) throws
    /// Removes the file at `path` that ``createPrivate(_:at:)`` made (a
    /// secret done with: the page `vault serve --open` hands the browser).
    /// - Throws: an error naming `path` when it cannot be removed.
    func removePrivate(at path: String) throws
}

extension NamedFiles {
    /// The pages and attachments only (an adapter that keeps no bytes, such as a test's).
    public func writeSite(
        _ pages: [(path: String, html: String)], assets: [(path: String, bytes: Data)], attachments: [String],
        to folder: String
    ) throws {
        try writeSite(pages, attachments: attachments, to: folder)
    }
}
