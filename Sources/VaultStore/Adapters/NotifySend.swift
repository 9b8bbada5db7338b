import Foundation
import VaultCore

/// ``DesktopNotifier`` through ``Notifier`` (notify-send): its actions
/// ("Study now", "Snooze 1 h", "Skip") run this `vault` binary on this
/// vault. The body is markup to notification servers, so it goes out
/// escaped (``NotificationMarkup``).
public struct NotifySend: DesktopNotifier {
    /// The binary the button runs, and the vault's folder.
    public let binary: String
    public let vault: String

    public init(binary: String, vault: String) {
        self.binary = binary
        self.vault = vault
    }

    public func raise(title: String, body: String, studyBatch: Int?, reminder id: String) -> String? {
        Notifier.raise(
            title: title, body: NotificationMarkup.escape(body),
            actions: Notifier.Actions(binary: binary, vault: vault, reminder: id, studyLimit: studyBatch))
    }
}
