import Foundation
import VaultCore

/// `.vault/local/last-reminder`: when this machine last raised a reminder
/// (an ISO 8601 line; per clone, git-ignored with `.vault/local/`), and
/// `.vault/local/reminders`: the reminders of the last day, one a line
/// (`RAISED<TAB>BATCH<TAB>ANSWER<TAB>UNTIL<TAB>TITLE`; ANSWER `-`, `study`,
/// `snooze` or `skip`; UNTIL the snooze's end or `-`).
public struct ReminderState: Sendable {
    let layout: VaultLayout

    public init(layout: VaultLayout) { self.layout = layout }

    var file: URL { layout.localFolder.appendingPathComponent("last-reminder") }

    /// The last reminder's time; nil when none was raised or the file does not read.
    public func last() -> Date? {
        guard let data = FileManager.default.contents(atPath: file.path), data.count < 200 else { return nil }
        return VaultDate.parse(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), in: VaultDate.utc)
    }

    /// Records a reminder at `time`.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)``.
    public func record(_ time: Date) throws {
        do {
            try FileManager.default.createDirectory(at: layout.localFolder, withIntermediateDirectories: true)
            try AtomicFile.write(Data((VaultDate.isoString(time) + "\n").utf8), to: file)
        } catch let error as VaultStoreError {
            throw error
        } catch {
            throw VaultStoreError.unwritable(path: ".vault/local/last-reminder", reason: VaultStoreError.reason(of: error))
        }
    }

    var remindersFile: URL { layout.localFolder.appendingPathComponent("reminders") }

    /// The reminders recorded; lines that do not read are skipped (the file is this machine's own).
    public func reminders() -> [ReminderEntry] {
        guard let data = FileManager.default.contents(atPath: remindersFile.path), data.count < 1_000_000 else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let raised = VaultDate.parse(fields[0], in: VaultDate.utc), let batch = Int(fields[1])
            else { return nil }
            let answer: ReminderEntry.Answer?
            switch fields[2] {
            case "study": answer = .study
            case "skip": answer = .skip
            case "snooze":
                guard let until = VaultDate.parse(fields[3], in: VaultDate.utc) else { return nil }
                answer = .snooze(until: until)
            default: answer = nil
            }
            return ReminderEntry(raised: raised, title: fields[4], batch: batch, answer: answer)
        }
    }

    /// Replaces the reminders recorded with `change` of them, holding
    /// `.vault/local/reminders.lock` (flock; the kernel drops it if the
    /// process dies) from the read to the write.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)``, or what `change` throws.
    public func update(_ change: ([ReminderEntry]) throws -> [ReminderEntry]) throws {
        do {
            try FileManager.default.createDirectory(at: layout.localFolder, withIntermediateDirectories: true)
        } catch {
            throw VaultStoreError.unwritable(path: ".vault/local/reminders", reason: VaultStoreError.reason(of: error))
        }
        let lockPath = layout.localFolder.appendingPathComponent("reminders.lock").path
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else {
            throw VaultStoreError.unwritable(path: ".vault/local/reminders.lock", reason: errnoDescription())
        }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR {
                throw VaultStoreError.unwritable(path: ".vault/local/reminders.lock", reason: errnoDescription())
            }
        }
        defer { flock(fd, LOCK_UN) }
        try save(reminders: change(reminders()))
    }

    func save(reminders: [ReminderEntry]) throws {
        let text = reminders.map { entry -> String in
            var until = "-"
            if case .snooze(let end) = entry.answer { until = VaultDate.isoString(end) }
            let title = entry.title.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 }
            return [VaultDate.isoString(entry.raised), String(entry.batch), entry.answer?.word ?? "-", until, String(title)]
                .joined(separator: "\t") + "\n"
        }.joined()
        do {
            try AtomicFile.write(Data(text.utf8), to: remindersFile)
        } catch let error as VaultStoreError {
            throw error
        } catch {
            throw VaultStoreError.unwritable(path: ".vault/local/reminders", reason: VaultStoreError.reason(of: error))
        }
    }
}
