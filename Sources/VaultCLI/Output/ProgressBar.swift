import Foundation
import VaultCore

/// A one-line progress bar on stderr for long refreshes of the search cache.
///
/// Shown only when stderr is a terminal and the refresh parses more than
/// ``threshold`` notes, so everyday searches (a handful of edits) and piped
/// output stay quiet.
final class ProgressBar: IndexProgress {
    static let threshold = 2000

    private let output: Output
    private var lastDrawn = -1
    private var shown = false

    private init(output: Output) { self.output = output }

    /// A bar drawn through `output` when stderr is a terminal, else nil.
    static func onTerminal(_ output: Output) -> ProgressBar? {
        isatty(STDERR_FILENO) == 1 ? ProgressBar(output: output) : nil
    }

    func indexed(_ done: Int, of total: Int) {
        guard total > Self.threshold else { return }
        let percent = done * 100 / max(total, 1)
        guard percent != lastDrawn else { return }
        lastDrawn = percent
        shown = true
        let width = 30
        let filled = width * done / max(total, 1)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        output.status("\r\u{1B}[2KIndexing \(bar) \(percent)%  \(done)/\(total) notes")
    }

    func finished() {
        if shown { output.status("\r\u{1B}[2K") }
    }
}
