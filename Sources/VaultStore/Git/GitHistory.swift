import Foundation

/// What the vault's git history says about notes.
public enum GitHistory {
    /// The author date of the commit that first added each file, keyed by
    /// vault-relative path; empty when the vault is not in a git work tree or
    /// git is not installed.
    ///
    /// One `git log` pass reads them all; the result is kept in
    /// `.vault/cache/git-dates.tsv` for the HEAD it was read at (the dates
    /// can only change when HEAD does), so a 100,000-note adopted vault pays
    /// for the pass once per commit, not once per command.
    public static func firstCommitDates(in root: URL) -> [String: Date] {
        guard let head = headCommit(in: root) else { return [:] }
        let cache = VaultLayout(root: root).cacheFolder.appendingPathComponent("git-dates.tsv")
        if let cached = readDates(cache, head: head) { return cached }
        let dates = readDatesFromGit(in: root)
        writeDates(dates, head: head, to: cache)
        return dates
    }

    /// The dates stored in `file` for `head`; nil when it is missing, for another HEAD, or damaged.
    static func readDates(_ file: URL, head: String) -> [String: Date]? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == "vault-git-dates v1 \(head)", lines.last == "" else { return nil }
        lines.removeFirst()
        lines.removeLast()
        var dates: [String: Date] = [:]
        dates.reserveCapacity(lines.count)
        for line in lines {
            guard let tab = line.firstIndex(of: "\t"), let seconds = Double(line[..<tab]) else { return nil }
            dates[String(line[line.index(after: tab)...])] = Date(timeIntervalSince1970: seconds)
        }
        return dates
    }

    /// Stores `dates` for `head` (best effort: a cache that cannot be written is read from git next time).
    static func writeDates(_ dates: [String: Date], head: String, to file: URL) {
        var text = "vault-git-dates v1 \(head)\n"
        for (path, date) in dates.sorted(by: { $0.key < $1.key }) where !path.contains("\n") {
            text += "\(Int64(date.timeIntervalSince1970))\t\(path)\n"
        }
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? AtomicFile.write(Data(text.utf8), to: file)
    }

    /// The first-commit dates, read from git in one `git log` pass.
    static func readDatesFromGit(in root: URL) -> [String: Date] {
        guard
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

    /// Runs git in `folder`; nil when it fails or is missing, and without
    /// running it when git could find no repository there (``mayFindRepository(from:)``).
    static func run(_ arguments: [String], in folder: URL) -> String? {
        guard mayFindRepository(from: folder),
            let data = GitOutput.run(["-c", "core.quotepath=off"] + arguments, in: folder)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// False when git, run in `folder`, would find no repository: no `.git`
    /// (folder, file or link) in `folder` or any folder above it, by the path
    /// as given or as the links resolve (git walks up from the latter), and
    /// no `GIT_DIR` in the environment. An adopted vault outside git asks for
    /// HEAD on every load of its undated notes: spawning git to hear "not a
    /// git repository" cost `vault status` about 60 ms, more than the rest.
    static func mayFindRepository(from folder: URL) -> Bool {
        if ProcessInfo.processInfo.environment["GIT_DIR"] != nil { return true }
        let given = folder.standardizedFileURL.path
        let resolved = realpath(given, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
        for start in Set([given, resolved ?? given]) {
            var path = start
            while true {
                var info = stat()
                if lstat((path == "/" ? "" : path) + "/.git", &info) == 0 { return true }
                let parent = (path as NSString).deletingLastPathComponent
                if parent == path || parent.isEmpty { break }
                path = parent
            }
        }
        return false
    }
}
