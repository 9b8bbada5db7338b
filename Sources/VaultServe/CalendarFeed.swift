import Foundation
import VaultApp
import VaultCore

/// `/calendar.ics?feed=TOKEN`: the schedule `vault calendar` writes (the
/// reviews with their alarms, missed reviews as to-dos, each day's study,
/// the memory palaces' walks, the study sessions' follow-up reviews), for a
/// phone's calendar to subscribe to (`webcal://HOST/calendar.ics?feed=…`,
/// linked from the dashboard). The feed has a read-only token of its own
/// (``ServerSecrets/feed``), checked by the ``SecurityLayer`` in place of
/// the cookie a calendar app does not have; it reads nothing but this.
enum CalendarFeed {
    /// The feed's address.
    static let path = "/calendar.ics"
    /// The days ahead the feed holds.
    static let days = 60

    static func get(_ context: AppContext) -> WebResponse {
        let name = context.files.location(of: "").lastPathComponent
        let text = CalendarExport.text(context, vaultName: name, days: days)
        return WebResponse(status: 200, contentType: "text/calendar; charset=utf-8", body: Array(text.utf8))
    }

    /// The address a calendar subscribes to, without its scheme and host (the page adds them).
    static func address(feed: String) -> String { path + "?feed=" + feed }
}
