import Foundation
import VaultCore

/// The systemd user service and timer (or the crontab line) that run
/// `vault remind` for one vault every 10 minutes. Units are named after the
/// vault's path, so several vaults each get their own.
public struct ReminderUnits: Sendable {
    public let vault: URL
    public let binary: String

    public init(vault: URL, binary: String) {
        self.vault = vault
        self.binary = binary
    }

    /// This process's own executable.
    public static var currentBinary: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// `vault-remind-3f2a1b0c`: the vault path's hash.
    public var name: String {
        "vault-remind-" + String(format: "%08x", UInt32(truncatingIfNeeded: StableHash.fnv1a(vault.path)))
    }

    /// systemd quotes: a path with spaces stays one argument.
    static func quoted(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "%", with: "%%") + "\""
    }

    public var service: String {
        """
        [Unit]
        Description=vault reminders for \(vault.path.replacingOccurrences(of: "%", with: "%%"))

        [Service]
        Type=oneshot
        # notify-send reaches the desktop through the user's session bus.
        Environment=DBUS_SESSION_BUS_ADDRESS=unix:path=%t/bus
        ExecStart=\(Self.quoted(binary)) --vault \(Self.quoted(vault.path)) remind

        """
    }

    public var timer: String {
        """
        [Unit]
        Description=Run vault remind every 10 minutes

        [Timer]
        OnCalendar=*:0/10
        Persistent=true

        [Install]
        WantedBy=timers.target

        """
    }

    /// For `crontab -e`: every 10 minutes, with the session bus set.
    public var crontabLine: String {
        func sh(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return
            "*/10 * * * * DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/$(id -u)/bus \(sh(binary)) --vault \(sh(vault.path)) remind >/dev/null 2>&1"
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
        for (suffix, text) in [("service", service), ("timer", timer)] {
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
