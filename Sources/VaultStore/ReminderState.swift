import Foundation
import VaultCore

/// `.vault/local/last-reminder`: when this machine last raised a reminder
/// (an ISO 8601 line; per clone, git-ignored with `.vault/local/`).
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
}
