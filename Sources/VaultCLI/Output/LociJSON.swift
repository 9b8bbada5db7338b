import Foundation
import VaultCore

/// `vault loci list --json`: one object per itinerary.
struct LociWalkJSON: Encodable {
    var name: String
    var folder: String
    var locations: Int
    var due: Int
    var new: Int
    var last_practice: String?

    init(_ walk: LociWalk, counts: (due: Int, new: Int), lastPractice: Date?, timeZone: TimeZone) {
        name = walk.name
        folder = walk.folder
        locations = walk.stops.count
        due = counts.due
        new = counts.new
        last_practice = lastPractice.map { VaultDate.isoString($0, in: timeZone) }
    }
}

/// `vault loci review|reverse ITINERARY --list --json`: one object per location, in the order asked.
struct LociStopJSON: Encodable {
    var sequence: Int
    var name: String
    var path: String
    var image: String?
    var due: String?
    var is_due: Bool
    var interval: Int
    var ease_factor: Double
    var repetitions: Int

    init(_ stop: LociStop, state: SM2CardState, isDue: Bool, timeZone: TimeZone) {
        sequence = stop.sequence
        name = stop.name
        path = stop.path
        image = stop.image
        due = state.due.map { VaultDate.isoString($0, in: timeZone) }
        is_due = isDue
        interval = state.interval
        ease_factor = (state.easeFactor * 100).rounded() / 100
        repetitions = state.repetitions
    }
}

/// `vault loci review|reverse --rate … --json`: one object per answer recorded.
struct LociAnswerJSON: Encodable {
    var sequence: Int
    var name: String
    var mode: String
    var quality: Int
    var answer: Int?
    var right: Bool?
    var interval: Int
    var due: String?

    init(_ rating: LociRating, name: String, timeZone: TimeZone) {
        sequence = rating.sequence
        self.name = name
        mode = rating.mode.rawValue
        quality = rating.quality
        answer = rating.answer
        right = rating.right
        interval = rating.after.interval
        due = rating.after.due.map { VaultDate.isoString($0, in: timeZone) }
    }
}
