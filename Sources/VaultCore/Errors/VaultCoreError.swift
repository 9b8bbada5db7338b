import Foundation

/// Errors the core raises on values read from config and ledger, worded
/// for the person who must fix the file.
public enum VaultCoreError: LocalizedError, Equatable, Sendable {
    /// A setting under `schedulers:` in `.vault/config.yml` is wrong.
    case badSchedulerSetting(key: String, line: Int?, reason: String)
    /// A setting under `obsidian_sr:` in `.vault/config.yml` is wrong.
    case badObsidianSRSetting(key: String, line: Int?, reason: String)
    /// The Spaced Repetition plugin's `data.json` (or another file of its) cannot be read.
    case badPluginData(file: String, reason: String)
    /// A `rate` event lacks a field or holds a value this build cannot read.
    case badRatingEvent(device: String, sequence: Int, reason: String)
    /// An event of a known kind lacks a field or holds a value this build cannot read.
    case badEvent(kind: String, device: String, sequence: Int, reason: String)
    /// A `--rate`/`--tier` argument names no card, or several.
    case cardNotFound(String)
    case ambiguousCard(String, candidates: [String])
    /// A `--rate CARD=ANSWER` or `--tier CARD=TIER` argument that cannot be read.
    case badAnswer(argument: String, reason: String)
    /// A LociApp itinerary file that cannot be imported; `place` names the
    /// itinerary, the location and the field (or the line and column).
    case badItinerary(file: String, place: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .badSchedulerSetting(let key, let line, let reason):
            let place = line.map { ".vault/config.yml:\($0)" } ?? ".vault/config.yml"
            return "\(place): the setting '\(key)' \(reason)"
        case .badObsidianSRSetting(let key, let line, let reason):
            let place = line.map { ".vault/config.yml:\($0)" } ?? ".vault/config.yml"
            return "\(place): the setting '\(key)' \(reason)"
        case .badPluginData(let file, let reason):
            return "\(file): \(reason)"
        case .badRatingEvent(let device, let sequence, let reason):
            return "the rating event \(device)/\(sequence) in the ledger \(reason); it is ignored."
        case .badEvent(let kind, let device, let sequence, let reason):
            return "the '\(kind)' event \(device)/\(sequence) in the ledger \(reason); it is ignored."
        case .cardNotFound(let reference):
            return
                "no card has the id '\(reference)'; give a card id or a prefix of 4 or more characters (see `vault cards`)."
        case .ambiguousCard(let reference, let candidates):
            return
                "'\(reference)' matches \(candidates.count) cards (\(candidates.joined(separator: ", "))); give more of the id."
        case .badAnswer(let argument, let reason):
            return "'\(argument)' \(reason)"
        case .badItinerary(let file, let place, let reason):
            return "\(file): \(place.isEmpty ? "" : place + ": ")\(reason) Nothing was written."
        }
    }
}
