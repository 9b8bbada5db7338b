import Foundation
import VaultCore

/// The systemd user service and timer (or the crontab line) that run
/// `vault remind` for one vault every 10 minutes, or `vault backup` once a
/// day (``Job``). Units are named after the job and the vault's path, so
/// several vaults each get their own.
public struct ReminderUnits: Sendable {
    /// What the units run.
    public enum Job: Hashable, Sendable {
        /// `vault remind`, every 10 minutes.
        case remind
        /// `vault backup [--to FOLDER]`, once a day (a day missed while the machine was off runs at the next start).
        case backup(folder: String?)

        /// `remind`, `backup`: the command and the units' name.
        var command: String {
            if case .backup = self { return "backup" }
            return "remind"
        }
    }

    public let vault: URL
    public let binary: String
    public let job: Job

    public init(vault: URL, binary: String, job: Job = .remind) {
        self.vault = vault
        self.binary = binary
        self.job = job
    }

    /// The command's arguments after the vault, as systemd reads them.
    var systemdArguments: String {
        if case .backup(let folder?) = job { return "backup --to \(SchedulerText.systemdArgument(folder))" }
        return job.command
    }

    /// The command's arguments after the vault, as a shell reads them.
    var shellArguments: String {
        if case .backup(let folder?) = job { return "backup --to \(SchedulerText.shellWord(folder))" }
        return job.command
    }

    /// This process's own executable.
    public static var currentBinary: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// `vault-remind-3f2a1b0c` (`vault-backup-…`): the vault path's hash.
    public var name: String {
        "vault-\(job.command)-" + String(format: "%08x", UInt32(truncatingIfNeeded: StableHash.fnv1a(vault.path)))
    }

    /// The binary's and the vault's paths (and a backup's folder), refused when a timer could not read them back as one argument.
    /// - Throws: ``VaultStoreError/unsafeForTimer(path:reason:)``.
    func checkedPaths() throws {
        var paths = [binary, vault.path]
        if case .backup(let folder?) = job { paths.append(folder) }
        for path in paths {
            if let reason = SchedulerText.refusal(path) { throw VaultStoreError.unsafeForTimer(path: path, reason: reason) }
        }
    }

    /// The service unit; its `ExecStart=` quotes both paths for systemd (``SchedulerText/systemdArgument(_:)``).
    /// - Throws: ``VaultStoreError/unsafeForTimer(path:reason:)`` when a path holds a line break or another control character.
    public var service: String {
        get throws {
            try checkedPaths()
            if case .backup = job {
                return """
                    [Unit]
                    Description=vault backups of \(SchedulerText.systemdValue(vault.path))

                    [Service]
                    Type=oneshot
                    Nice=10
                    ExecStart=\(SchedulerText.systemdArgument(binary)) --vault \(SchedulerText.systemdArgument(vault.path)) \(systemdArguments)

                    """
            }
            return """
                [Unit]
                Description=vault reminders for \(SchedulerText.systemdValue(vault.path))

                [Service]
                Type=oneshot
                # notify-send reaches the desktop through the user's session bus.
                Environment=DBUS_SESSION_BUS_ADDRESS=unix:path=%t/bus
                ExecStart=\(SchedulerText.systemdArgument(binary)) --vault \(SchedulerText.systemdArgument(vault.path)) remind

                """
        }
    }

    public var timer: String {
        if case .backup = job {
            return """
                [Unit]
                Description=Run vault backup once a day

                [Timer]
                OnCalendar=daily
                Persistent=true
                RandomizedDelaySec=15min

                [Install]
                WantedBy=timers.target

                """
        }
        return """
            [Unit]
            Description=Run vault remind every 10 minutes

            [Timer]
            OnCalendar=*:0/10
            Persistent=true

            [Install]
            WantedBy=timers.target

            """
    }

    /// For `crontab -e`: every 10 minutes, with the session bus set; both
    /// paths one shell word each, with `%` escaped for cron.
    /// - Throws: ``VaultStoreError/unsafeForTimer(path:reason:)`` when a path holds a line break or another control character.
    public var crontabLine: String {
        get throws {
            try checkedPaths()
            if case .backup = job {
                let command =
                    "\(SchedulerText.shellWord(binary)) --vault \(SchedulerText.shellWord(vault.path)) \(shellArguments) >/dev/null"
                return "30 12 * * * " + SchedulerText.cronCommand(command)
            }
            let command =
                "DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/$(id -u)/bus \(SchedulerText.shellWord(binary)) --vault \(SchedulerText.shellWord(vault.path)) remind >/dev/null 2>&1"
            return "*/10 * * * * " + SchedulerText.cronCommand(command)
        }
    }

    /// `~/.config/systemd/user/` (or `$XDG_CONFIG_HOME/systemd/user/`).
    public static var unitFolder: URL {
        let environment = ProcessInfo.processInfo.environment
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config")
        return config.appendingPathComponent("systemd/user")
    }

    /// Writes the service and timer; returns their paths.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)``.
    public func install() throws -> [String] {
        let folder = Self.unitFolder
        var written: [String] = []
        for (suffix, text) in [("service", try service), ("timer", timer)] {
            let url = folder.appendingPathComponent("\(name).\(suffix)")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try AtomicFile.write(Data(text.utf8), to: url)
            } catch {
                throw VaultStoreError.unwritable(path: url.path, reason: VaultStoreError.reason(of: error))
            }
            written.append(url.path)
        }
        return written
    }

    /// Removes the service and timer, and the link `systemctl enable` made
    /// in `timers.target.wants/` (it would dangle); returns the paths removed.
    public func uninstall() throws -> [String] {
        let folder = Self.unitFolder
        var removed: [String] = []
        for path in ["\(name).service", "\(name).timer", "timers.target.wants/\(name).timer"] {
            let url = folder.appendingPathComponent(path)
            // A dangling link does not "exist" for fileExists; ask for its attributes instead.
            guard (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil else { continue }
            do {
                try FileManager.default.removeItem(at: url)
            } catch {
                throw VaultStoreError.unwritable(path: url.path, reason: VaultStoreError.reason(of: error))
            }
            removed.append(url.path)
        }
        return removed
    }
}
