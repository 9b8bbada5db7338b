import Foundation
import VaultCore

/// `vault import loci`: a LociApp itinerary file becomes a folder of notes
/// and pictures. Everything is checked before anything is written, and the
/// folder is written whole or not at all (``ItineraryFiles``).
public struct LociImporting {
    public let context: AppContext

    public init(_ context: AppContext) { self.context = context }

    /// What an import will write.
    public struct Plan {
        public var itinerary: LociItinerary
        /// The itinerary's folder, vault-relative.
        public var folder: String
        public var files: [LociFolder.File]
        /// True when an existing itinerary is replaced (`--update`).
        public var replacing: Bool
        /// Locations that keep their note id, and so their history (`--update`).
        public var kept: Int
        /// Bytes of the pictures.
        public var imageBytes: Int { itinerary.imageBytes }
    }

    /// The folder itineraries go into when `--into` is not given.
    public static let defaultFolder = "loci"

    /// Reads the file `file` through `load` and plans its itinerary `pick` into `into`.
    /// - Throws: ``VaultCoreError/badItinerary(file:place:reason:)`` for a file
    ///   that cannot be imported, ``AppError/itineraryExists(name:folder:)``
    ///   without `update`, ``AppError/badLociAnswer(_:reason:)`` for a bad `--into`.
    public func plan(reading load: () throws -> Data, file: String, pick: String?, into: String?, update: Bool) throws
        -> Plan
    {
        // The file's bytes go once parsed, before the pictures are decoded.
        let document = try LociAppFormat.document(try load(), file: file)
        let itinerary = try LociAppFormat.read(document, pick: pick)
        let base = (into ?? Self.defaultFolder).trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
        if !base.isEmpty, let problem = VaultPathRules.problem(folder: base) {
            throw VaultCoreError.badItinerary(file: file, place: "", reason: "--into '\(base)' \(problem)")
        }
        let folder = base.isEmpty ? itinerary.name : "\(base)/\(itinerary.name)"
        var ids: [Int: String] = [:]
        var created: [Int: String] = [:]
        let stamp = VaultDate.isoString(context.now, in: context.timeZone)
        var kept = 0
        let exists = context.files.exists(folder)
        if exists {
            let walks = LociPalaces.walks(in: context.notes.summaries().notes, files: context.files)
            guard let old = walks.first(where: { $0.folder == folder }) else {
                throw VaultCoreError.badItinerary(
                    file: file, place: "itinerary '\(itinerary.name)'",
                    reason: "the folder \(folder)/ exists and is not an itinerary; import with --into another folder.")
            }
            guard update else { throw AppError.itineraryExists(name: itinerary.name, folder: folder) }
            // The index and the locations of the same sequence keep their id and created date.
            func identity(_ path: String) -> (id: String?, created: String?) {
                guard let bytes = try? context.files.read(path) else { return (nil, nil) }
                let fields = LociFolder.read(note: String(decoding: bytes, as: UTF8.self)).fields
                return (fields["id"], fields["created"])
            }
            (ids[0], created[0]) = identity(old.indexPath)
            for stop in old.stops where itinerary.locations.contains(where: { $0.sequence == stop.sequence }) {
                (ids[stop.sequence], created[stop.sequence]) = identity(stop.path)
                if ids[stop.sequence] != nil { kept += 1 }
            }
        }
        for sequence in [0] + itinerary.locations.map(\.sequence) {
            if ids[sequence] == nil { ids[sequence] = context.newIDs.newID() }
            if created[sequence] == nil { created[sequence] = stamp }
        }
        return Plan(
            itinerary: itinerary, folder: folder, files: LociFolder.files(itinerary, ids: ids, created: created),
            replacing: exists, kept: kept)
    }

    /// Writes the folder of `plan`.
    /// - Throws: the file port's error when the folder cannot be written; nothing is left half-written.
    public func write(_ plan: Plan) throws {
        try context.files.writeFolder(plan.files, at: plan.folder, replacing: plan.replacing)
    }

    /// `walk` as a LociApp itinerary, its pictures read back from their files.
    /// - Throws: the file port's error for a picture that cannot be read.
    public func export(_ walk: LociWalk) throws -> LociItinerary {
        func picture(_ path: String?) throws -> LociImage? {
            guard let path else { return nil }
            let bytes = try context.files.read(path)
            let kind = LociImage.Kind.sniff(bytes) ?? LociImage.Kind(fileExtension: (path as NSString).pathExtension) ?? .png
            return LociImage(bytes: bytes, kind: kind)
        }
        return LociItinerary(
            name: walk.name, description: walk.description, image: try picture(walk.image),
            locations: try walk.stops.map {
                LociLocation(sequence: $0.sequence, name: $0.name, description: $0.description, image: try picture($0.image))
            })
    }
}
