import Foundation

/// Errors the core raises on values read from config and ledger, worded
/// for the person who must fix the file.
public enum VaultCoreError: LocalizedError, Equatable, Sendable {
    /// A setting under `schedulers:` in `.vault/config.yml` is wrong.
    case badSchedulerSetting(key: String, line: Int?, reason: String)
    /// A `rate` event lacks a field or holds a value this build cannot read.
    case badRatingEvent(device: String, sequence: Int, reason: String)

    public var errorDescription: String? {
        switch self {
        case .badSchedulerSetting(let key, let line, let reason):
            let place = line.map { ".vault/config.yml:\($0)" } ?? ".vault/config.yml"
            return "\(place): the setting '\(key)' \(reason)"
        case .badRatingEvent(let device, let sequence, let reason):
            return "the rating event \(device)/\(sequence) in the ledger \(reason); it is ignored."
        }
    }
}
