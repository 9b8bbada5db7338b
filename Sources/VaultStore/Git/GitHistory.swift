import Foundation

/// What the vault's git history says about notes.
public enum GitHistory {
    /// The author date of the commit that first added each file, keyed by
    /// vault-relative path; empty when the vault is not in a git work tree or
    /// git is not installed.
    public static func firstCommitDates(in root: URL) -> [String: Date] {
        guard run(["rev-parse", "--is-inside-work-tree"], in: root) != nil,
            let log = run(
                [
                    "log", "--diff-filter=A", "--reverse", "--format=@%at", "--name-only", "--no-renames", "--relative",
                    "--", ".",
                ],
                in: root)
        else { return [:] }
        var dates: [String: Date] = [:]
        var current: Date?
        for line in log.split(separator: "\n") {
            if line.hasPrefix("@"), let seconds = Double(line.dropFirst()) {
                current = Date(timeIntervalSince1970: seconds)
            } else if let date = current, dates[String(line)] == nil {
                dates[String(line)] = date
            }
        }
        return dates
    }

    /// The commit that HEAD names, or nil when `root` is not in a git work
    /// tree, the branch has no commit yet, or git is missing. The dates of
    /// ``firstCommitDates(in:)`` can only change when this does.
    public static func headCommit(in root: URL) -> String? {
        run(["rev-parse", "--verify", "--quiet", "HEAD"], in: root)?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs git in `folder`; nil when it fails or is missing.
    static func run(_ arguments: [String], in folder: URL) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "core.quotepath=off"] + arguments
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
