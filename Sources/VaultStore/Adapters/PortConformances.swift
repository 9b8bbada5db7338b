import Foundation
import VaultCore

// Adapters whose methods already are their port's.

extension NoteTrash: NoteBin {
    public func originalPath(of trashPath: String) -> String { Self.originalPath(of: trashPath) }
}
extension ReminderState: ReminderLog {}
extension ReminderUnits: ReminderTimer {}
