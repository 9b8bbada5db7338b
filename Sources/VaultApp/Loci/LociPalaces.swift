import Foundation
import VaultCore

/// `vault loci`: the memory palaces of the vault (itinerary folders, read
/// through the note source) and each location's one SM-2 state, replayed
/// from the ledger's `loci-rate` events. Answers are recorded as typed events.
public struct LociPalaces {
    public let context: AppContext
    /// Every itinerary in the vault, by name.
    public let walks: [LociWalk]
    public let states: LociStates

    public init(_ context: AppContext) {
        // Found once per version of the notes by a port that keeps them
        // (`vault serve`: a look at each of 100,000 paths, a third of `/loci`).
        let notes = context.notes
        let files = context.files
        self.init(context, walks: notes.keeping("loci.walks") { Self.walks(in: notes.summaries().notes, files: files) })
    }

    /// The palaces among notes already read (`vault status` has them).
    public init(_ context: AppContext, summaries: [NoteSummary]) {
        self.init(context, walks: Self.walks(in: summaries, files: context.files))
    }

    /// The palaces of itineraries already found (``CurationSnapshot/walks``).
    public init(_ context: AppContext, walks: [LociWalk]) {
        self.context = context
        self.walks = walks
        // No itinerary, no answers to replay (the usual case for `vault status`).
        states = walks.isEmpty ? LociStates(ratings: []) : LociStates(ratings: context.ledger.replay().events(LociRating.self).events)
    }

    /// The itineraries among `summaries`: an index note named as its folder
    /// (`loci/Home walk/Home walk.md`) marked `loci: itinerary`, and the
    /// notes beside it marked `loci: location` with a `sequence`.
    static func walks(in summaries: [NoteSummary], files: any VaultFiles) -> [LociWalk] {
        func folder(_ path: String) -> String {
            guard let slash = path.lastIndex(of: "/") else { return "" }
            return String(path[..<slash])
        }
        func read(_ path: String) -> (fields: [String: String], heading: String?, description: String)? {
            guard let data = try? files.read(path) else { return nil }
            return LociFolder.read(note: String(decoding: data, as: UTF8.self))
        }
        // Index notes first (few, usually none), then only their folders' notes. By index: a
        // filter, as a for-in, copies every summary it looks at (a retain per field, 10,000 notes).
        var indexes: [NoteSummary] = []
        for index in summaries.indices where LociFolder.isIndexPath(summaries[index].path) {
            indexes.append(summaries[index])
        }
        guard !indexes.isEmpty else { return [] }
        let folders = Array(Set(indexes.map { folder($0.path) }))
        var byFolder: [String: [NoteSummary]] = [:]
        for index in summaries.indices {  // by index: a for-in copies every summary, kept or not
            // The bytes before the last `/` against each folder's: no string made for each note.
            let path = summaries[index].path.utf8
            guard let slash = path.lastIndex(of: UInt8(ascii: "/")),
                let parent = folders.first(where: { $0.utf8.elementsEqual(path[..<slash]) })
            else { continue }
            byFolder[parent, default: []].append(summaries[index])
        }
        var walks: [LociWalk] = []
        for summary in indexes {
            let parent = folder(summary.path)
            let name = (parent as NSString).lastPathComponent
            guard let index = read(summary.path), index.fields[LociFolder.marker] == "itinerary" else { continue }
            var stops: [LociStop] = []
            for note in byFolder[parent] ?? [] where note.path != summary.path {
                guard let location = read(note.path), location.fields[LociFolder.marker] == "location",
                    let sequence = location.fields["sequence"].flatMap({ Int($0) })
                else { continue }
                stops.append(
                    LociStop(
                        sequence: sequence, name: location.heading ?? note.title, description: location.description,
                        path: note.path, key: note.ledgerKey,
                        image: location.fields["image"].map { parent + "/" + $0 }))
            }
            let cover = ["png", "jpg", "gif", "webp"].map { "\(parent)/cover.\($0)" }.first(where: files.exists)
            walks.append(
                LociWalk(
                    name: index.heading ?? name, description: index.description, folder: parent,
                    indexPath: summary.path, image: cover, stops: stops))
        }
        return walks.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// The itinerary `reference` names: its name (any case) or its folder.
    /// - Throws: ``AppError/noSuchItinerary(_:known:)``.
    public func walk(_ reference: String) throws -> LociWalk {
        let wanted = reference.trimmingCharacters(in: CharacterSet(charactersIn: "/ ")).lowercased()
        if let walk = walks.first(where: { $0.name.lowercased() == wanted || $0.folder.lowercased() == wanted }) {
            return walk
        }
        throw AppError.noSuchItinerary(reference, known: walks.map(\.name))
    }

    /// The locations of `walk` due at `now`, and those never answered.
    public func counts(_ walk: LociWalk) -> (due: Int, new: Int) {
        let due = walk.stops.filter { states.isDue($0, at: context.now) }.count
        let new = walk.stops.filter { states.states[$0.key] == nil }.count
        return (due, new)
    }

    /// Every location due now, in every itinerary (for `vault status`).
    public var dueCount: Int { walks.reduce(0) { $0 + counts($1).due } }

    /// Records an answer about `stop` and returns it.
    /// - Throws: when the ledger cannot be written.
    @discardableResult
    public func answer(
        _ stop: LociStop, of walk: LociWalk, mode: LociRating.Mode, quality: Int, at time: Date,
        states: LociStates? = nil, responseMilliseconds: Int? = nil, typed: Int? = nil
    ) throws -> LociRating {
        let rating = (states ?? self.states).rating(
            stop, of: walk, mode: mode, quality: quality, at: time, responseMilliseconds: responseMilliseconds,
            answer: typed)
        try context.ledger.append(rating)
        return rating
    }

    /// The scripted answers `SEQ=Q` (and, for reverse, `SEQ=N` typed numbers),
    /// all checked before any is written, recorded in order.
    /// - Throws: ``AppError/badLociAnswer(_:reason:)`` naming the argument; nothing is written then.
    public func answerAll(_ walk: LociWalk, mode: LociRating.Mode, rates: [String], typed: [String]) throws -> [LociRating] {
        func pair(_ argument: String) throws -> (sequence: Int, value: Int) {
            let parts = argument.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let sequence = Int(parts[0]), let value = Int(parts[1]) else {
                throw AppError.badLociAnswer(argument, reason: "is not SEQ=NUMBER")
            }
            guard walk.stop(sequence) != nil else {
                throw AppError.badLociAnswer(argument, reason: "names no location of '\(walk.name)' (sequences \(walk.stops.first?.sequence ?? 0)-\(walk.stops.last?.sequence ?? 0))")
            }
            return (sequence, value)
        }
        var answers: [Int: Int] = [:]
        for argument in typed {
            let (sequence, value) = try pair(argument)
            answers[sequence] = value
        }
        var planned: [(LociStop, Int)] = []
        for argument in rates {
            let (sequence, quality) = try pair(argument)
            guard (0...5).contains(quality) else { throw AppError.badLociAnswer(argument, reason: "has a quality outside 0-5") }
            planned.append((walk.stop(sequence)!, quality))
        }
        if let missing = answers.keys.sorted().first(where: { seq in !planned.contains { $0.0.sequence == seq } }) {
            throw AppError.badLociAnswer("\(missing)=\(answers[missing]!)", reason: "has no --rate \(missing)=Q beside it")
        }
        var states = self.states
        var recorded: [LociRating] = []
        for (offset, (stop, quality)) in planned.enumerated() {
            // One second apart, so several answers about one location keep their order.
            let time = context.now.addingTimeInterval(Double(offset))
            let rating = try answer(stop, of: walk, mode: mode, quality: quality, at: time, states: states, typed: answers[stop.sequence])
            states.record(rating)
            recorded.append(rating)
        }
        return recorded
    }
}
