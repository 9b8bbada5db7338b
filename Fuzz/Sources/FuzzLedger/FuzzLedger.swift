import Foundation
import VaultCore

/// The ledger line reader and every typed event reader, and the config's
/// YAML limits, on arbitrary bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLedger(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    var events: [LedgerEvent] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(10_000) {
        if case .success(let event) = LedgerLine.parse(String(line)) { events.append(event) }
    }
    for event in events {
        _ = try? CurationEvent(event)
        _ = try? RatingEvent(event)
        _ = try? SessionEntry(event)
        _ = try? GoalSet(event)
        _ = EventSummary.describe(event, in: TimeZone(identifier: "UTC")!)
    }
    _ = StudyLog(events: events, timeZone: TimeZone(identifier: "Europe/Berlin")!)
    _ = CardEventLog(events: events)
    _ = YAMLLimits.refusal(text)
    _ = ConfigText.updating(text, key: "categories", from: [], to: [ConfigText.Entry(name: "x", fields: [("color", "#000000")])])
    return 0
}
