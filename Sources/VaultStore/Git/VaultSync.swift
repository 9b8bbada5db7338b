import Foundation
import VaultCore

/// `vault sync`: commit the vault's changes, pull (the ledger merges by
/// union through .gitattributes), push.
public struct VaultSync: VaultSyncing, Sendable {
    public let layout: VaultLayout

    public init(layout: VaultLayout) { self.layout = layout }

    public typealias Outcome = SyncOutcome
    public typealias Plan = SyncPlan

    public func deviceID() throws -> String { try LedgerStore(layout: layout).deviceID() }

    /// What a sync would do now, without doing it (a `git fetch` excepted).
    /// In a repository without a commit yet (a clone of an empty remote, a fresh `git init`), every file
    /// of the vault is added.
    /// - Throws: ``VaultStoreError`` for a vault outside git, without a remote, on a detached HEAD, or in the
    ///   middle of a merge or rebase.
    public func plan(fetch: Bool = true) throws -> Plan {
        let remote = try checkRepository()
        let hasCommit = self.hasCommit
        var plan = Plan()
        let prefix = try git(["rev-parse", "--show-prefix"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let status = try git(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--", "."])
        var entries = status.split(separator: "\0", omittingEmptySubsequences: true).map(String.init)[...]
        while let entry = entries.popFirst() {
            guard entry.count > 3 else { continue }
            let code = entry.prefix(2)
            let path = String(entry.dropFirst(3).dropFirst(prefix.count))
            if code.first == "R" || code.first == "C" { _ = entries.popFirst() }  // the old name follows
            if code == "??" || code.contains("A") {
                plan.added.append(path)
            } else if code.contains("D") {
                plan.deleted.append(path)
            } else {
                plan.changed.append(path)
            }
        }
        let numstat = hasCommit ? try git(["diff", "HEAD", "--numstat", "--", ".vault/ledger/"]) : ""
        plan.newLedgerLines = numstat.split(separator: "\n").reduce(0) {
            $0 + (Int($1.split(separator: "\t").first ?? "") ?? 0)
        }
        for path in plan.added where path.hasPrefix(".vault/ledger/") {
            let text = (try? String(contentsOf: layout.url(of: path), encoding: .utf8)) ?? ""
            plan.newLedgerLines += text.split(separator: "\n").filter { !$0.hasPrefix("#") }.count
        }
        if fetch, hasCommit, (try? git(["fetch", "-q", remote])) != nil,
            (try? git(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}"])) != nil
        {
            let incoming = try git(["diff", "--name-only", "--relative", "HEAD...@{u}", "--", "."])
            plan.incoming = incoming.split(separator: "\n").map(String.init)
        }
        return plan
    }

    /// Runs the sync: commit the vault's own paths, pull (the ledger merges
    /// by union through .gitattributes), push. The first sync of a repository
    /// without a commit makes the first commit and pushes it with upstream.
    /// - Parameters:
    ///   - message: the commit message for local changes.
    ///   - totalNotes: the notes in the vault now (for the mass-deletion guard).
    ///   - allowMassDeletion: commit even when many notes are gone (`--yes`).
    /// - Throws: ``VaultStoreError`` naming what stopped it, in one sentence; a
    ///   merge that stops in a conflict names the notes and the commands to finish or abort.
    @discardableResult
    public func run(message: String, totalNotes: Int, allowMassDeletion: Bool) throws -> Outcome {
        let remote = try checkRepository()
        let deleted = try plan(fetch: false).deletedNotes.count
        if !allowMassDeletion, SyncPlan.isMassDeletion(deleted: deleted, total: totalNotes + deleted) {
            throw VaultStoreError.syncMassDeletion(deleted: deleted, total: totalNotes + deleted)
        }
        // Under the ledger's lock from the commit to the end of the pull: git replaces a merged
        // ledger file with a new one, and an answer appended meanwhile (a `vault serve` running
        // beside, its own `--sync`) would go to the file replaced. Appends wait for the pull.
        let (committed, branch, hasUpstream) = try LedgerStore(layout: layout).withLock {
            try commitAndPull(message: message, remote: remote)
        }
        try git(hasUpstream ? ["push", "-q"] : ["push", "-q", "-u", remote, branch])
        return Outcome(committed: committed, pushed: true)
    }

    /// The commit of the vault's own paths and the pull of ``run(message:totalNotes:allowMassDeletion:)``:
    /// whether it committed, the branch, and whether it has an upstream.
    private func commitAndPull(message: String, remote: String) throws -> (Bool, String, Bool) {
        try git(["add", "-A", "--", "."])
        var committed = false
        // Only the vault's own paths: a vault inside a larger repository must
        // not sweep up what the person staged elsewhere.
        if (try? git(["diff", "--cached", "--quiet", "--", "."])) == nil {
            try git(["commit", "-q", "-m", message, "--", "."])
            committed = true
        }
        let branch = try git(["rev-parse", "--abbrev-ref", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard hasCommit else { throw VaultStoreError.syncEmptyRepository(layout.root.path) }  // nothing to commit
        let hasUpstream = (try? git(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}"])) != nil
        do {
            if hasUpstream {
                try git(["pull", "-q", "--no-rebase", "--no-edit"])
            } else if (try? git(["ls-remote", "--exit-code", "--heads", remote, branch])) != nil {
                try git(["pull", "-q", "--no-rebase", "--no-edit", remote, branch])
            }
        } catch {
            let conflicted =
                (try? git(["diff", "--name-only", "--diff-filter=U", "--relative"]))?
                .split(separator: "\n").map(String.init) ?? []
            if !conflicted.isEmpty { throw VaultStoreError.syncConflict(files: conflicted) }
            throw error
        }
        return (committed, branch, hasUpstream)
    }

    /// Checks the repository is one a sync can run in, and returns the remote to use.
    /// - Throws: ``VaultStoreError`` with one sentence for each case that is not.
    func checkRepository() throws -> String {
        guard (try? git(["rev-parse", "--show-toplevel"])) != nil else {
            throw VaultStoreError.notAGitRepository(layout.root.path)
        }
        for marker in ["MERGE_HEAD", "rebase-merge", "rebase-apply", "CHERRY_PICK_HEAD"] {
            let path = try git(["rev-parse", "--git-path", marker]).trimmingCharacters(in: .whitespacesAndNewlines)
            let url = URL(fileURLWithPath: path, relativeTo: layout.root)
            if FileManager.default.fileExists(atPath: url.path) {
                throw VaultStoreError.syncUnfinished(layout.root.path)
            }
        }
        guard (try? git(["symbolic-ref", "-q", "HEAD"])) != nil else {
            throw VaultStoreError.syncDetachedHead(layout.root.path)
        }
        let remotes = try git(["remote"]).split(whereSeparator: \.isNewline).map(String.init)
        guard let remote = remotes.contains("origin") ? "origin" : remotes.first else {
            throw VaultStoreError.noGitRemote(layout.root.path)
        }
        return remote
    }

    /// Whether the repository has a commit yet (HEAD names one).
    var hasCommit: Bool { (try? git(["rev-parse", "--verify", "-q", "HEAD"])) != nil }

    /// Runs git in the vault folder; returns stdout (stdout and stderr are
    /// read together, so git can print any amount to either, see ``ChildProcess``).
    /// - Throws: ``VaultStoreError/gitFailed(command:output:)``.
    @discardableResult
    func git(_ arguments: [String]) throws -> String {
        let child = ChildProcess(
            executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["git", "-C", layout.root.path] + arguments)
        guard let result = child.run() else {
            throw VaultStoreError.gitFailed(
                command: "git " + arguments.joined(separator: " "), output: "git could not be started")
        }
        guard result.status == 0 else {
            throw VaultStoreError.gitFailed(
                command: "git " + arguments.joined(separator: " "),
                output: String(decoding: result.errors + result.output, as: UTF8.self))
        }
        return String(decoding: result.output, as: UTF8.self)
    }
}
