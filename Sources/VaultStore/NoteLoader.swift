import Foundation
import VaultCore
import VaultMarkdown
import VaultProcess

/// Reads and parses the notes of a vault, in parallel on all cores.
public struct NoteLoader: Sendable {
    let layout: VaultLayout
    let timeZone: TimeZone

    public init(layout: VaultLayout, timeZone: TimeZone) {
        self.layout = layout
        self.timeZone = timeZone
    }

    /// Parses the given files, in the order given.
    ///
    /// Notes that have no creation date in front matter or file name get the
    /// author date of their first git commit, else their modification time.
    public func load(_ files: [ScannedFile]) -> [Note] {
        let notes = parse(files)
        return fillCreatedDates(notes, files: files)
    }

    /// Reads and parses one note file.
    /// - Throws: ``VaultStoreError/unreadable(path:reason:)``.
    public func load(path: String) throws -> Note {
        let data = try read(path)
        return NoteParser.parse(data, path: path, timeZone: timeZone)
    }

    /// The bytes of one note file.
    /// - Throws: ``VaultStoreError/unreadable(path:reason:)``.
    public func read(_ path: String) throws -> Data {
        do {
            return try Data(contentsOf: layout.url(of: path), options: .uncached)
        } catch {
            throw VaultStoreError.unreadable(path: path, reason: VaultStoreError.reason(of: error))
        }
    }

    /// Parses `files` in parallel, in the order given, without filling in
    /// missing creation dates; a file that cannot be read becomes a note
    /// with an `unreadable` diagnostic. The search cache uses this to parse
    /// in bounded batches.
    ///
    /// - Parameter workers: how many threads parse at once (all cores by
    ///   default; the search cache leaves one core to its SQLite writer).
    public func parse(_ files: [ScannedFile], workers: Int = ProcessInfo.processInfo.activeProcessorCount) -> [Note] {
        inParallel(files, workers: workers) { file, buffer in parseOne(file, buffer: &buffer).note }
    }

    /// Parses `files` like ``parse(_:workers:)`` and takes each note's
    /// flashcards from the same bytes: what ``CardLoader/cards(of:)`` would
    /// read from the file, without reading it twice. A file that cannot be
    /// read has no cards. The note catalog uses this.
    ///
    /// - Parameter decks: when given, only the cards of notes in a deck are
    ///   read (`unread` is true for the others, which get none): outside a
    ///   deck nothing is a card, and an adopted vault's `==highlights==`
    ///   made cards that no command showed, at 44% of a first load's time.
    func parseWithCards(_ files: [ScannedFile], syntax: CardSyntax = .vault, decks: Decks? = nil)
        -> [(note: Note, cards: [Card], unread: Bool)]
    {
        inParallel(files, workers: ProcessInfo.processInfo.activeProcessorCount) { file, buffer in
            let (note, readable) = parseOne(file, buffer: &buffer)
            if let decks, !decks.contains(note.summary) { return (note, [], true) }
            guard readable, CardLoader.mayHoldCards(buffer, syntax: syntax) else { return (note, [], false) }
            return (note, CardExtractor.cards(in: Data(buffer), of: note.summary, syntax: syntax), false)
        }
    }

    /// The cards of the note `summary` stands for (at `file`), read again
    /// from its file: for a catalog note whose cards were not read when it
    /// was parsed and that is in a deck now. Nil when the file cannot be read.
    func cards(of summary: NoteSummary, syntax: CardSyntax) -> [Card]? {
        var buffer = [UInt8]()
        guard FileIO.read(layout.root.path + "/" + summary.path, into: &buffer) else { return nil }
        guard CardLoader.mayHoldCards(buffer, syntax: syntax) else { return [] }
        return CardExtractor.cards(in: Data(buffer), of: summary, syntax: syntax)
    }

    /// From this many files, ``parse(_:workers:)`` and the catalog's parse
    /// read ahead when the files are not in the kernel's cache.
    static let readAheadFrom = 1024

    /// Asks the kernel to start reading `files` into its cache now, without
    /// waiting for them: parsing a batch while the next one is read from a
    /// cold disk, instead of one file at a time, halves a first index of
    /// 100,000 notes after a reboot. When the first and last files are in
    /// the cache already, the others are taken to be too, and nothing is done.
    public func prefetch(_ files: ArraySlice<ScannedFile>) {
        if !isCached(files) { readAhead(files) }
    }

    /// Whether the first and last of `files` are in the kernel's cache (the
    /// others are taken to be as well).
    private func isCached(_ files: ArraySlice<ScannedFile>) -> Bool {
        #if os(Linux)
            guard let first = files.first, let last = files.last else { return true }
            return isCached(first) && isCached(last)
        #else
            return true
        #endif
    }

    /// `posix_fadvise(WILLNEED)` on each of `files`: the kernel starts reading them and returns.
    private func readAhead(_ files: ArraySlice<ScannedFile>) {
        #if os(Linux)
            for file in files {
                let fd = open(layout.root.path + "/" + file.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
                guard fd >= 0 else { continue }
                _ = posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED)
                close(fd)
            }
        #endif
    }

    #if os(Linux)
        /// Whether the first page of `file` is in the kernel's cache (true
        /// when that cannot be told: then nothing is read ahead).
        private func isCached(_ file: ScannedFile) -> Bool {
            let fd = open(layout.root.path + "/" + file.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { return true }
            defer { close(fd) }
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            guard let mapped = mmap(nil, page, PROT_READ, MAP_SHARED, fd, 0), mapped != MAP_FAILED else { return true }
            defer { munmap(mapped, page) }
            var resident: UInt8 = 0
            return mincore(mapped, page, &resident) != 0 || resident & 1 == 1
        }
    #endif

    /// Runs `body` on every file in chunks of 64 on `workers` threads, each
    /// with its own reused read buffer; the results come in the order given.
    /// Many files not in the kernel's cache (a first load after a reboot)
    /// are read ahead, two chunks per thread before the one being parsed.
    private func inParallel<Value: Sendable>(
        _ files: [ScannedFile], workers: Int, _ body: @Sendable (ScannedFile, inout [UInt8]) -> Value
    ) -> [Value] {
        let slots = ParallelSlots<Value>(count: files.count)
        let chunk = 64
        let chunks = (files.count + chunk - 1) / chunk
        let workers = max(1, min(workers, chunks))
        let ahead = 2 * workers  // chunks read ahead of the one being parsed
        let cold = files.count >= Self.readAheadFrom && !isCached(files[...])
        @Sendable func chunkFiles(_ c: Int) -> ArraySlice<ScannedFile> {
            files[(c * chunk)..<min(files.count, (c + 1) * chunk)]
        }
        if cold { for c in 0..<min(chunks, ahead) { readAhead(chunkFiles(c)) } }
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var buffer = [UInt8]()
            for c in stride(from: worker, to: chunks, by: workers) {
                if cold, c + ahead < chunks { readAhead(chunkFiles(c + ahead)) }
                for i in (c * chunk)..<min(files.count, (c + 1) * chunk) {
                    slots.store(body(files[i], &buffer), at: i)
                }
            }
        }
        return slots.values
    }

    /// Reads and parses one file into `buffer`'s storage. `readable` is
    /// false when the file could not be read: the note then carries an
    /// `unreadable` diagnostic and `buffer` holds nothing of the file.
    private func parseOne(_ file: ScannedFile, buffer: inout [UInt8]) -> (note: Note, readable: Bool) {
        let absolute = layout.root.path + "/" + file.path
        if FileIO.read(absolute, into: &buffer) {
            return (buffer.withUnsafeBufferPointer { NoteParser.parse($0, path: file.path, timeZone: timeZone) }, true)
        }
        var empty = NoteParser.parse(Data(), path: file.path, timeZone: timeZone)
        empty.diagnostics.append(
            Diagnostic(
                code: "unreadable", severity: .error, path: file.path, line: nil,
                message: "cannot read the file: \(errnoDescription())."))
        return (empty, false)
    }

    func fillCreatedDates(_ notes: [Note], files: [ScannedFile]) -> [Note] {
        var notes = notes
        let missing = notes.indices.filter { notes[$0].created == nil }
        guard !missing.isEmpty else { return notes }
        let gitDates = GitHistory.firstCommitDates(in: layout.root)
        var byFileTime: [Int] = []
        for i in missing {
            if let date = gitDates[notes[i].path] {
                notes[i].created = date
                notes[i].createdOrigin = .git
            } else {
                notes[i].created = Date(timeIntervalSince1970: Double(files[i].modified) / 1e9)
                notes[i].createdOrigin = .modificationTime
                byFileTime.append(i)
            }
        }
        for k in CopiedFileTimes.copied(byFileTime.map { files[$0].modified }) {
            notes[byFileTime[k]].created = nil
            notes[byFileTime[k]].createdOrigin = .copied
        }
        return notes
    }
}
