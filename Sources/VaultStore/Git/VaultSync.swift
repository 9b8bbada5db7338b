import Foundation
import VaultCore

/// `vault sync`: commit the vault's changes, pull (the ledger merges by
/// union through .gitattributes), push.
public struct VaultSync: Sendable {
    public let layout: VaultLayout

    public init(layout: VaultLayout) { self.layout = layout }

    /// What a sync did.
    public struct Outcome: Sendable {
        /// True when local changes were committed.
        public var committed: Bool
        /// True when the push ran (false when there was no upstream branch yet and nothing to push).
        public var pushed: Bool
    }

    /// Runs the sync.
    /// - Parameter message: the commit message for local changes.
    /// - Throws: ``VaultStoreError`` naming the git command that failed and its output.
    public func run(message: String) throws -> Outcome {
        guard (try? git(["rev-parse", "--show-toplevel"])) != nil else {
            throw VaultStoreError.notAGitRepository(layout.root.path)
        }
        let remotes = try git(["remote"]).split(whereSeparator: \.isNewline).map(String.init)
        guard let remote = remotes.contains("origin") ? "origin" : remotes.first else {
            throw VaultStoreError.noGitRemote(layout.root.path)
        }
        try git(["add", "-A", "--", "."])
        var committed = false
        // Only the vault's own paths: a vault inside a larger repository must
        // not sweep up what the person staged elsewhere.
        if (try? git(["diff", "--cached", "--quiet", "--", "."])) == nil {
            try git(["commit", "-q", "-m", message, "--", "."])
            committed = true
        }
        let branch = try git(["rev-parse", "--abbrev-ref", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let hasUpstream = (try? git(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}"])) != nil
        if hasUpstream {
            try git(["pull", "-q", "--no-rebase", "--no-edit"])
        } else if (try? git(["ls-remote", "--exit-code", "--heads", remote, branch])) != nil {
            try git(["pull", "-q", "--no-rebase", "--no-edit", remote, branch])
        }
        try git(hasUpstream ? ["push", "-q"] : ["push", "-q", "-u", remote, branch])
        return Outcome(committed: committed, pushed: true)
    }

    /// Runs git in the vault folder; returns stdout.
    /// - Throws: ``VaultStoreError/gitFailed(command:output:)``.
    @discardableResult
    func git(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", layout.root.path] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw VaultStoreError.gitFailed(
                command: "git " + arguments.joined(separator: " "), output: "git could not be started")
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw VaultStoreError.gitFailed(
                command: "git " + arguments.joined(separator: " "),
                output: String(decoding: errors + output, as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self)
    }
}
