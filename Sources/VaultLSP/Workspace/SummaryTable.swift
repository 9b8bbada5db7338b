import VaultCore

/// Every note's summary, held once: one array in path order (found by
/// binary search, no index to keep beside it), an open buffer's summary in
/// place of its file's, the file's kept aside until the buffer closes.
///
/// At 100,000 notes one copy of the summaries is most of the server's
/// memory: a second array or a dictionary by path is tens of megabytes.
struct SummaryTable {
    /// In path order (`<`), each path once.
    private(set) var all: [NoteSummary]
    /// The file's summary under each open buffer (nil: the note is only in the editor).
    private var underBuffers: [String: NoteSummary?] = [:]

    /// - Parameter files: the notes' summaries as the base port gave them, in any order.
    init(files: [NoteSummary]) {
        var all = files
        if zip(all, all.dropFirst()).contains(where: { !($0.path < $1.path) }) {
            all.sort { $0.path < $1.path }
            var seen: String?
            all.removeAll { summary in
                defer { seen = summary.path }
                return summary.path == seen  // the first of a path wins, as before
            }
        }
        self.all = all
    }

    /// The summary at `path` (an open buffer's, else its file's).
    subscript(path: String) -> NoteSummary? {
        let i = position(of: path)
        return i < all.count && all[i].path == path ? all[i] : nil
    }

    /// The summary of the file at `path`, whether or not a buffer is open on it.
    func file(at path: String) -> NoteSummary? {
        if let under = underBuffers[path] { return under }
        return self[path]
    }

    /// A buffer's summary in place of its file's.
    mutating func setBuffer(_ summary: NoteSummary) {
        if underBuffers[summary.path] == nil { underBuffers.updateValue(self[summary.path], forKey: summary.path) }
        put(summary.path, summary)
    }

    /// The buffer on `path` closed: its file's summary again (none when it had no file).
    mutating func closeBuffer(_ path: String) {
        guard let under = underBuffers.removeValue(forKey: path) else { return }
        put(path, under)
    }

    /// The file at `path` is now `summary` (nil: gone); under its buffer when one is open.
    mutating func setFile(_ path: String, _ summary: NoteSummary?) {
        if underBuffers[path] != nil {
            underBuffers.updateValue(summary, forKey: path)
        } else {
            put(path, summary)
        }
    }

    private mutating func put(_ path: String, _ summary: NoteSummary?) {
        let i = position(of: path)
        let present = i < all.count && all[i].path == path
        switch (present, summary) {
        case (true, let summary?): all[i] = summary
        case (true, nil): all.remove(at: i)
        case (false, let summary?): all.insert(summary, at: i)
        case (false, nil): break
        }
    }

    /// The first position whose path is not before `path`.
    private func position(of path: String) -> Int {
        var low = 0
        var high = all.count
        while low < high {
            let middle = (low + high) / 2
            if all[middle].path < path { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
