import Foundation
import VaultCore

/// ``DesktopNotifier`` through ``Notifier`` (notify-send): its "Study now"
/// button runs this `vault` binary on this vault. The body is markup to
/// notification servers, so it goes out escaped (``NotificationMarkup``).
struct NotifySend: DesktopNotifier {
    /// The binary the button runs, and the vault's folder.
    let binary: String
    let vault: String

    func raise(title: String, body: String, studyBatch: Int?) -> String? {
        Notifier.raise(
            title: title, body: NotificationMarkup.escape(body),
            action: studyBatch.map { Notifier.StudyAction(binary: binary, vault: vault, limit: $0) })
    }
}
