import Foundation
import VaultCore
import VaultProcess

/// ``NoteDrafts`` on disk: each draft in a folder of its own under the
/// temporary folder (`mkdtemp`, 0700), the file made with
/// `O_CREAT | O_EXCL | O_NOFOLLOW` and mode 0600, so the note's text is
/// nobody else's to read while it is written and no file or link there
/// beforehand is written through. A refused draft is kept in
/// `$XDG_STATE_HOME/vault/unsaved/` (`~/.local/state/vault/unsaved/`, made
/// 0700; the file stays 0600).
public struct DraftFiles: NoteDrafts, Sendable {
    /// The folder drafts are made under (`$TMPDIR`, else `/tmp`).
    public let temporaryFolder: String
    /// The folder refused drafts are kept in.
    public let keptFolder: URL

    /// Drafts under `temporaryFolder`, kept under the state folder `environment` names.
    public init(
        temporaryFolder: String = NSTemporaryDirectory(),
        environment: [String: String] = DraftFiles.stateVariables()
    ) {
        self.temporaryFolder = temporaryFolder
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/state")
        keptFolder = state.appendingPathComponent("vault/unsaved")
    }

    /// The two variables that name the state folder, as set (not the whole
    /// environment: `vault serve` makes this port for every request).
    public static func stateVariables() -> [String: String] {
        ["XDG_STATE_HOME": EnvironmentValue.of("XDG_STATE_HOME"), "HOME": EnvironmentValue.of("HOME")]
            .compactMapValues { $0 }
    }

    /// - Throws: ``VaultStoreError/draftUnwritable(path:reason:)``.
    public func create(named name: String, holding text: String) throws -> String {
        var template = Array(
            URL(fileURLWithPath: temporaryFolder).appendingPathComponent("vault-new-XXXXXX").path.utf8CString)
        guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw VaultStoreError.draftUnwritable(path: temporaryFolder, reason: String(cString: strerror(errno)))
        }
        let path = URL(fileURLWithPath: String(cString: folder)).appendingPathComponent(name).path
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            discard(path)
            throw VaultStoreError.draftUnwritable(path: path, reason: reason)
        }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        let reason = String(cString: strerror(errno))
        close(fd)
        guard written == bytes.count else {
            discard(path)
            throw VaultStoreError.draftUnwritable(path: path, reason: reason)
        }
        return path
    }

    public func text(of path: String) -> String {
        (try? String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)) ?? ""
    }

    public func keep(_ path: String) -> String {
        do {
            try FileManager.default.createDirectory(
                at: keptFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let kept = keptFolder.appendingPathComponent((path as NSString).lastPathComponent)
            try FileManager.default.moveItem(at: URL(fileURLWithPath: path), to: kept)
            discard(path)
            return kept.path
        } catch {
            return path
        }
    }

    public func discard(_ path: String) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
    }
}
