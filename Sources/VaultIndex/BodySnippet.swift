import Foundation
import GRDB

/// FTS5's `snippet()` of a note's body, computed here from the body's text
/// instead of by SQLite: the same marked text, byte for byte, at a fraction
/// of the cost.
///
/// FTS5 makes a snippet by loading the row's text, decoding every phrase's
/// positions, tokenizing the body twice (once for sentence starts, once to
/// copy the chosen words) and scoring a window at every match against every
/// other match. Here the body is tokenized once, as the index's tokenizer
/// does (``SnippetTokens``: ASCII words in Swift, the rest by what SQLite's
/// own `unicode61` makes of each character, ``Unicode61Characters``, so
/// folding and word boundaries agree with the index), recording each
/// token's byte range, the sentence starts and the
/// tokens that match a query token; the phrase instances, the window scores
/// and the highlighting then follow FTS5's `fts5SnippetFunction` step for
/// step, on arrays, with no SQL. A maker holds one tokenizer and its
/// buffers: use one per thread.
final class BodySnippet {
    private let phrases: SnippetPhrases
    private let tokenizer: any FTS5Tokenizer
    /// The tokens of the last text tokenized.
    private let tokens: UnsafeMutablePointer<SnippetTokens>

    /// An instance of a phrase: its first token and its length, in tokens.
    private struct Instance {
        var phrase: Int
        var position: Int
        var length: Int
    }

    init(phrases: SnippetPhrases, tokenizer: any FTS5Tokenizer) {
        self.phrases = phrases
        self.tokenizer = tokenizer
        tokens = .allocate(capacity: 1)
        tokens.initialize(to: SnippetTokens(phrases: phrases))
    }

    deinit {
        tokens.pointee.deallocate()
        tokens.deinitialize(count: 1)
        tokens.deallocate()
    }

    /// What `snippet(fts, column, char(2), char(3), '…', words)` returns for
    /// a row whose `column` is `body` ("" for SQL NULL), when the query's
    /// phrases are ``SnippetPhrases``.
    func marked(body: UnsafeBufferPointer<UInt8>, words: Int) -> [UInt8] {
        tokenize(body)
        return snippet(instances(), words: words)
    }

    /// True when `body` alone satisfies the query (every group has a phrase
    /// found in it), as `MATCH` on a table of that one body would say; when
    /// it does, `snippet` is its marked snippet.
    func matching(body: UnsafeBufferPointer<UInt8>, words: Int) -> [UInt8]? {
        tokenize(body)
        let found = instances()
        var present = [Bool](repeating: false, count: phrases.phrases.count)
        for instance in found { present[instance.phrase] = true }
        guard phrases.groups.allSatisfy({ $0.contains { present[$0] } }) else { return nil }
        return snippet(found, words: words)
    }

    /// False when `body` surely does not satisfy the query, seen without
    /// tokenizing it (``SnippetTokens/mayMatch(_:)``): ``matching(body:words:)``
    /// would return nil.
    func mayMatch(body: UnsafeBufferPointer<UInt8>) -> Bool {
        tokens.pointee.mayMatch(body)
    }

    private func tokenize(_ body: UnsafeBufferPointer<UInt8>) {
        SnippetTokens.tokenize(body, into: tokens, tokenizer: tokenizer)
    }

    /// Every instance of every phrase, ordered as FTS5's `xInst` orders
    /// them: by position, then phrase.
    private func instances() -> [Instance] {
        let matched = tokens.pointee.matched
        guard !matched.isEmpty else { return [] }
        var found: [Instance] = []
        var index: [Int32: Int] = [:]  // position → index in matched, for phrases of several tokens
        if phrases.phrases.contains(where: { $0.count > 1 }) {
            for (i, entry) in matched.enumerated() { index[entry.position] = i }
        }
        for entry in matched {
            for (p, phrase) in phrases.phrases.enumerated() where entry.mask & (1 << UInt64(phrase[0])) != 0 {
                var whole = true
                for k in 1..<max(phrase.count, 1) {
                    guard let i = index[entry.position + Int32(k)], matched[i].mask & (1 << UInt64(phrase[k])) != 0
                    else {
                        whole = false
                        break
                    }
                }
                if whole { found.append(Instance(phrase: p, position: Int(entry.position), length: phrase.count)) }
            }
        }
        // Found in position order, phrases in order within a position.
        return found
    }

    /// FTS5's `fts5SnippetScore`: the score of the window of `words` tokens
    /// from `start`, and where a window centred on its matches would start.
    private func score(_ found: [Instance], from start: Int, words: Int, size: Int) -> (score: Int, adjusted: Int) {
        var seen = [Bool](repeating: false, count: phrases.phrases.count)
        var score = 0
        var first = -1
        var last = 0
        let end = start + words
        var i = lowerBound(found, start)
        while i < found.count, found[i].position < end {
            let instance = found[i]
            score += seen[instance.phrase] ? 1 : 1000
            seen[instance.phrase] = true
            if first < 0 { first = instance.position }
            last = instance.position + instance.length
            i += 1
        }
        var adjusted = first - (words - (last - first)) / 2
        if adjusted + words > size { adjusted = size - words }
        if adjusted < 0 { adjusted = 0 }
        return (score, adjusted)
    }

    /// The index of the first instance at or after `position`.
    private func lowerBound(_ found: [Instance], _ position: Int) -> Int {
        var low = 0
        var high = found.count
        while low < high {
            let mid = (low + high) / 2
            if found[mid].position < position { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// FTS5's `fts5SnippetFunction` for one column, given its instances.
    private func snippet(_ found: [Instance], words: Int) -> [UInt8] {
        let size = tokens.pointee.starts.count
        let sentences = tokens.pointee.sentences
        var bestScore = 0
        var bestStart = 0
        for instance in found {
            let io = instance.position
            let (score, adjusted) = score(found, from: io, words: words, size: size)
            if score > bestScore {
                bestScore = score
                bestStart = adjusted
            }
            if !sentences.isEmpty && size > words {
                var jj = 0
                while jj < sentences.count - 1 {
                    if Int(sentences[jj + 1]) > io { break }
                    jj += 1
                }
                let sentence = Int(sentences[jj])
                if sentence < io {
                    var (score, _) = self.score(found, from: sentence, words: words, size: size)
                    score += sentence == 0 ? 120 : 100
                    if score > bestScore {
                        bestScore = score
                        bestStart = sentence
                    }
                }
            }
        }
        return highlight(found, from: bestStart, words: words, size: size)
    }

    /// FTS5's `fts5HighlightCb` over the chosen window, with its ellipses.
    private func highlight(_ found: [Instance], from rangeStart: Int, words: Int, size: Int) -> [UInt8] {
        // Coalesced instances (fts5CInstIterNext): overlapping ones are one mark.
        var marks: [(start: Int, end: Int)] = []
        for instance in found {
            let end = instance.position - 1 + instance.length
            if let last = marks.last, instance.position <= last.end {
                if end > last.end { marks[marks.count - 1].end = end }
            } else {
                marks.append((instance.position, end))
            }
        }
        let starts = tokens.pointee.starts
        let ends = tokens.pointee.ends
        let text = tokens.pointee.text
        var next = 0
        while next < marks.count, marks[next].start < rangeStart { next += 1 }
        var mark: (start: Int, end: Int) { next < marks.count ? marks[next] : (-1, -1) }

        let open: [UInt8] = [0x02]
        let close: [UInt8] = [0x03]
        let ellipsis = Array("…".utf8)
        var out: [UInt8] = []
        var offset = 0
        var isOpen = false
        let rangeEnd = rangeStart + words - 1
        func copy(to end: Int) {
            if end > offset { out.append(contentsOf: UnsafeBufferPointer(rebasing: text[offset..<end])) }
        }
        if rangeStart > 0 { out += ellipsis }
        if rangeStart < size {
            for position in rangeStart...min(rangeEnd, size - 1) {
                let start = Int(starts[position])
                let end = Int(ends[position])
                if rangeStart > 0 && position == rangeStart { offset = start }
                if isOpen && (position <= mark.start || mark.start < 0) && start > offset {
                    out += close
                    isOpen = false
                }
                if position == mark.start && !isOpen {
                    copy(to: start)
                    out += open
                    offset = start
                    isOpen = true
                }
                if position == mark.end {
                    if !isOpen {
                        out += open
                        isOpen = true
                    }
                    copy(to: end)
                    offset = end
                    next += 1
                }
                if position == rangeEnd {
                    if isOpen {
                        if mark.start >= 0 && position >= mark.start {
                            copy(to: end)
                            offset = end
                        }
                        out += close
                        isOpen = false
                    }
                    copy(to: end)
                    offset = end
                }
            }
        }
        if isOpen { out += close }
        if rangeEnd >= size - 1 {
            copy(to: text.count)
        } else {
            out += ellipsis
        }
        return out
    }
}
