import VaultCore

/// The encoders of text other programs read: a notification body
/// (notify-send markup), a crontab line and a systemd `ExecStart=`
/// argument. Any text must come out literal for its reader: no markup tag,
/// no line break, no bare `%` for cron, and systemd's unquoting giving the
/// text back; a violation stops the fuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProgramText(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let body = NotificationMarkup.escape(text)
    precondition(!body.utf8.contains(UInt8(ascii: "<")) && !body.utf8.contains(UInt8(ascii: ">")), "a tag in a body")
    // By bytes, as a markup parser reads: "&amp;" then a combining mark is one Swift Character ";\u{301}".
    let bytes = Array(body.utf8)
    for index in bytes.indices where bytes[index] == UInt8(ascii: "&") {
        let after = bytes[(index + 1)...]
        precondition(
            after.starts(with: Array("amp;".utf8)) || after.starts(with: Array("lt;".utf8))
                || after.starts(with: Array("gt;".utf8)), "a bare & in a body")
    }
    guard SchedulerText.refusal(text) == nil else { return 0 }
    let cron = SchedulerText.cronCommand(SchedulerText.shellWord(text))
    precondition(!cron.utf8.contains(10) && !cron.utf8.contains(13), "a line break in a crontab line")
    var previous: UInt8 = 0
    for byte in cron.utf8 {
        precondition(byte != UInt8(ascii: "%") || previous == UInt8(ascii: "\\"), "a bare % in a crontab line")
        previous = byte
    }
    precondition(unquoteSystemd(SchedulerText.systemdArgument(text)) == Array(text.utf8), "systemd reads another argument")
    return 0
}

/// One double-quoted `ExecStart=` word as systemd reads it: `\\` and `\"`
/// unescaped, then `%%` and `$$` read as `%` and `$`; nil when it is not one
/// quoted word or holds a lone specifier or variable.
func unquoteSystemd(_ word: String) -> [UInt8]? {
    let bytes = Array(word.utf8)
    guard bytes.count >= 2, bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\"") else { return nil }
    var out: [UInt8] = []
    var index = 1
    while index < bytes.count - 1 {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\\"):
            guard index + 1 < bytes.count - 1 else { return nil }
            out.append(bytes[index + 1])
            index += 2
        case UInt8(ascii: "\""): return nil
        case UInt8(ascii: "%"), UInt8(ascii: "$"):
            guard index + 1 < bytes.count - 1, bytes[index + 1] == byte else { return nil }
            out.append(byte)
            index += 2
        default:
            out.append(byte)
            index += 1
        }
    }
    return out
}
