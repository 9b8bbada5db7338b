import Foundation

/// Sessions as klog records (klog's file format: a date line, then one
/// indented entry per session, `9:00 - 10:15 #chemistry note`), so klog's
/// own `total` and `report` read them. A session that ends after midnight
/// is written with klog's shifted end (`23:30 - 0:45>`).
public enum KlogExport {
    /// The klog text of `sessions` in `timeZone`, one record per day, days in order.
    public static func text(_ sessions: [StudySessionRecord], subjects: [Subject], timeZone: TimeZone) -> String {
        var days: [Int: [StudySessionRecord]] = [:]
        for session in sessions { days[VaultDate.dayNumber(of: session.start, in: timeZone), default: []].append(session) }
        var records: [String] = []
        for day in days.keys.sorted() {
            var lines = [VaultDate.dayString(dayNumber: day)]
            for session in days[day]!.sorted(by: { $0.start < $1.start }) {
                let tag = (subjects.first { $0.name.caseInsensitiveCompare(session.subject) == .orderedSame }
                    ?? Subject(name: session.subject)).tag
                let endDay = VaultDate.dayNumber(of: session.end, in: timeZone)
                var end = clock(session.end, timeZone)
                if endDay > day { end += ">" }
                var entry = "    \(clock(session.start, timeZone)) - \(end) #\(tag)"
                if let note = session.note {
                    entry += " " + note.replacingOccurrences(of: "\n", with: " ")
                }
                lines.append(entry)
            }
            records.append(lines.joined(separator: "\n"))
        }
        return records.isEmpty ? "" : records.joined(separator: "\n\n") + "\n"
    }

    /// `9:05`, `14:30`: klog's 24-hour time.
    static func clock(_ date: Date, _ timeZone: TimeZone) -> String {
        let local = Int(date.timeIntervalSince1970) + timeZone.secondsFromGMT(for: date)
        let seconds = ((local % 86_400) + 86_400) % 86_400
        return "\(seconds / 3_600):\((seconds % 3_600 / 60).zeroPadded(2))"
    }
}
