import Foundation
import Testing
import VaultCore

/// Issue 34, point 3: text for other programs (cron, systemd, notify-send,
/// calendar apps) is encoded for them, whatever it holds.
@Suite("Text for other programs")
struct ProgramTextTests {
    /// Random text over the characters that matter to one of the encoders, and a few others.
    static func hostile(_ random: inout SplitMix, length: Int) -> String {
        let alphabet: [Unicode.Scalar] = [
            "a", "/", " ", "'", "\"", "\\", "%", "$", "&", "<", ">", ";", ",", "\n", "\r", "\t", "\u{1B}", "\u{0B}",
            "\u{0C}", "\u{7F}", "\u{85}", "\u{9F}", "\u{00}", "é", "\u{2028}", "\u{202E}", "😀", "\u{301}", "\u{31E}",
        ]
        var text = ""
        for _ in 0..<length { text.unicodeScalars.append(alphabet[Int(random.next() % UInt64(alphabet.count))]) }
        return text
    }

    @Test("iCalendar TEXT: ESC, VT, FF, DEL, C1 and NUL are left out; a tab stays; a line break is \\n")
    func icalendarControls() {
        #expect(ICalendarText.escape("a\u{1B}[31mb\u{0B}c\u{0C}d\u{7F}e\u{85}f\u{00}g\th\r\ni") == "a[31mbcdefg\th\\ni")
        var ics = ICalendarText()
        ics.text("X-WR-CALNAME", "vault\u{1B}]0;owned\u{07}: reviews")
        #expect(ics.text == "X-WR-CALNAME:vault]0\\;owned: reviews\r\n")
    }

    @Test("iCalendar TEXT never holds a control character but its CRLF line ends, whatever the input")
    func icalendarProperty() {
        var random = SplitMix(seed: 34)
        for _ in 0..<2000 {
            var ics = ICalendarText()
            ics.text("DESCRIPTION", Self.hostile(&random, length: Int(random.next() % 120)))
            // Unfolded by bytes: a continuation's space may be followed by a combining mark (one Character).
            var bytes = Array(ics.text.utf8)
            #expect(bytes.suffix(2) == [13, 10])
            bytes.removeLast(2)
            var unfolded: [UInt8] = []
            var i = 0
            while i < bytes.count {
                if i + 2 < bytes.count, bytes[i] == 13, bytes[i + 1] == 10, bytes[i + 2] == 32 {
                    i += 3
                    continue
                }
                unfolded.append(bytes[i])
                i += 1
            }
            let value = String(decoding: unfolded, as: UTF8.self)
            #expect(!value.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test("a notification body shows markup as typed: & < > escaped, controls but line breaks and tabs left out")
    func notificationMarkup() {
        #expect(
            NotificationMarkup.escape("Read <a href=\"https://x\">this</a> & <b>that</b>\u{1B}[2J\nnext")
                == "Read &lt;a href=\"https://x\"&gt;this&lt;/a&gt; &amp; &lt;b&gt;that&lt;/b&gt;[2J\nnext")
        // Escaped entities in the note stay entities the reader sees, not markup.
        #expect(NotificationMarkup.escape("&lt;a href=x&gt;") == "&amp;lt;a href=x&amp;gt;")
        var random = SplitMix(seed: 3434)
        for _ in 0..<2000 {
            let text = Self.hostile(&random, length: Int(random.next() % 80))
            let escaped = NotificationMarkup.escape(text)
            #expect(!escaped.contains("<") && !escaped.contains(">"))
            // Every & starts one of the three entities (by bytes, as a markup parser reads).
            let bytes = Array(escaped.utf8)
            #expect(bytes.indices.filter { bytes[$0] == UInt8(ascii: "&") }.allSatisfy { i in
                ["amp;", "lt;", "gt;"].contains { bytes[(i + 1)...].starts(with: Array($0.utf8)) }
            })
            // Unescaping gives the text back, controls aside.
            var back = ""
            var rest = Substring.UnicodeScalarView(escaped.unicodeScalars)
            while let first = rest.first {
                let entity = ["&lt;": "<", "&gt;": ">", "&amp;": "&"].first { rest.starts(with: $0.key.unicodeScalars) }
                if let entity {
                    back += entity.value
                    rest = rest.dropFirst(entity.key.unicodeScalars.count)
                } else {
                    back.unicodeScalars.append(first)
                    rest = rest.dropFirst()
                }
            }
            let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter {
                $0 == "\n" || $0 == "\t" || !($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
            }))
            #expect(back == kept)
        }
    }

    @Test("a path with a line break, a carriage return or another control character is refused for a timer")
    func schedulerRefusal() {
        #expect(SchedulerText.refusal("/home/me/My notes (2026) 100% 'mine' $HOME") == nil)
        #expect(SchedulerText.refusal("/home/me/x\n* * * * * rm -rf ~") != nil)
        #expect(SchedulerText.refusal("/home/me/x\rb")?.contains("carriage return") == true)
        #expect(SchedulerText.refusal("/home/me/x\u{1B}b")?.contains("U+001B") == true)
        #expect(SchedulerText.refusal("/home/me/x\u{2028}b") != nil)
    }

    @Test("cron: % is escaped so the command is not cut; a quote stays inside its shell word")
    func cron() {
        #expect(SchedulerText.cronCommand("date +%F") == "date +\\%F")
        #expect(SchedulerText.shellWord("it's") == "'it'\\''s'")
        // A combining mark after ' or % makes one Character of both (found by FuzzProgramText): still escaped.
        #expect(SchedulerText.shellWord("a'\u{301}; rm -rf ~") == "'a'\\''\u{301}; rm -rf ~'")
        #expect(SchedulerText.cronCommand("/home/%\u{31E},") == "/home/\\%\u{31E},")
        #expect(SchedulerText.systemdValue("100%\u{301}") == "100%%\u{301}")
        var random = SplitMix(seed: 343434)
        for _ in 0..<2000 {
            let text = Self.hostile(&random, length: Int(random.next() % 40))
            guard SchedulerText.refusal(text) == nil else { continue }
            let line = SchedulerText.cronCommand(SchedulerText.shellWord(text))
            // No bare % (cron's line break) and no line break at all.
            #expect(!line.contains("\n"))
            let bare = line.unicodeScalars.indices.filter { i in
                line.unicodeScalars[i] == "%" && (i == line.unicodeScalars.startIndex
                    || line.unicodeScalars[line.unicodeScalars.index(before: i)] != "\\")
            }
            #expect(bare.isEmpty, "\(line)")
        }
    }

    @Test("systemd: an argument is one quoted word with \\ \" escaped and % $ doubled")
    func systemd() {
        #expect(SchedulerText.systemdArgument("/a b/\"q\"\\%h$HOME") == "\"/a b/\\\"q\\\"\\\\%%h$$HOME\"")
        #expect(SchedulerText.systemdValue("100% sure") == "100%% sure")
    }
}
