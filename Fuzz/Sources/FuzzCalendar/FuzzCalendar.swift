import Foundation
import VaultCore

/// The iCalendar encoder (`vault calendar`): any text as a TEXT value and as
/// the vault's name must give content lines that end in CRLF, are folded at
/// 75 octets and hold no control character (RFC 5545's TEXT allows none but
/// the tab); a violation stops the fuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCalendar(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    var ics = ICalendarText()
    ics.text("DESCRIPTION", text)
    check(ics.text)
    let zone = TimeZone(identifier: "Europe/Berlin")!
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let calendar = ScheduleCalendar.text(
        vaultName: text, vaultKey: text, timeZone: zone, now: now, missed: [], study: [.init(day: 20_000, cards: 3)],
        studyAt: 9 * 60)
    check(calendar)
    return 0
}

/// Stops the run when `text` breaks a content-line rule.
func check(_ text: String) {
    let bytes = Array(text.utf8)
    precondition(bytes.count >= 2 && bytes.suffix(2) == [13, 10], "a calendar that does not end in CRLF")
    var lineLength = 0
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        if byte == 13 {
            precondition(index + 1 < bytes.count && bytes[index + 1] == 10, "a CR without LF")
            index += 2
            lineLength = 0
            continue
        }
        precondition(byte != 10, "a bare LF")
        precondition(byte >= 0x20 && byte != 0x7F || byte == 9, "a control character \(byte) in a content line")
        if byte == 0xC2, index + 1 < bytes.count { precondition(!(0x80...0x9F).contains(bytes[index + 1]), "a C1 control") }
        lineLength += 1
        precondition(lineLength <= 75, "a content line longer than 75 octets")
        index += 1
    }
}
