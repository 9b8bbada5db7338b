/// Modification times that say when a file was copied, not written.
///
/// A note with no `created:` key, no date in its file name and no git
/// history is dated by its file's modification time. A vault adopted from
/// a fresh copy (an unzip, `cp` without `-p`, a sync tool's first download)
/// gives every such note the same few seconds, and every note would come up
/// in this week's review. When at least ``burst`` notes dated this way were
/// modified in the same minute, their times are taken for a copy: those
/// notes get no date (``CreatedOrigin/copied``), come up in no review, and
/// `vault check` asks for `created:`. A person writes notes minutes apart;
/// a note saved on its own keeps its time.
public enum CopiedFileTimes {
    /// The least number of notes modified in one minute that reads as a copy.
    public static let burst = 20

    /// The positions of `times` (nanoseconds since 1970, one per note dated
    /// by its modification time) that fall in a minute holding ``burst`` or more.
    public static func copied(_ times: [Int64]) -> Set<Int> {
        guard times.count >= burst else { return [] }
        var perMinute: [Int64: Int] = [:]
        for time in times { perMinute[minute(time), default: 0] += 1 }
        var copied = Set<Int>()
        for (i, time) in times.enumerated() where perMinute[minute(time), default: 0] >= burst { copied.insert(i) }
        return copied
    }

    /// The minute since 1970 of a time in nanoseconds (floored, negative times too).
    static func minute(_ nanoseconds: Int64) -> Int64 {
        let perMinute: Int64 = 60_000_000_000
        return nanoseconds >= 0 ? nanoseconds / perMinute : -((-nanoseconds - 1) / perMinute) - 1
    }
}
