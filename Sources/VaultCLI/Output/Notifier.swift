import Foundation

/// Desktop notifications through `notify-send` (libnotify), when it is on
/// the PATH and a session bus is there to carry them.
enum Notifier {
    /// "Study now": a button that opens `vault study --limit N` in a terminal.
    struct StudyAction {
        var binary: String
        var vault: String
        var limit: Int
    }

    /// The session bus, from the environment or the usual per-user socket.
    static var sessionBus: String? {
        let environment = ProcessInfo.processInfo.environment
        if let bus = environment["DBUS_SESSION_BUS_ADDRESS"], !bus.isEmpty { return bus }
        let socket = "/run/user/\(getuid())/bus"
        return FileManager.default.fileExists(atPath: socket) ? "unix:path=\(socket)" : nil
    }

    /// `name` found on the PATH.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Raises the notification; returns a line saying so, or nil when there is no notifier.
    /// With an action, notify-send waits for the click in a process of its own, so `vault` returns at once.
    static func raise(title: String, body: String, action: StudyAction?) -> String? {
        guard let notifySend = which("notify-send"), let bus = sessionBus else { return nil }
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus
        let process = Process()
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        if let action, let terminal = which("x-terminal-emulator") {
            // The shell waits for the click and opens the study screen; vault does not wait for it.
            let waiter = [
                "/bin/sh", "-c",
                "choice=$(\"$1\" --app-name=vault --action=study='Study now' \"$2\" \"$3\") && [ \"$choice\" = study ] && exec \"$4\" -e \"$5\" --vault \"$6\" study --limit \"$7\"",
                "vault-remind", notifySend, title, body, terminal, action.binary, action.vault, String(action.limit),
            ]
            // Run by systemd (the timer's oneshot service), every process still in the service when
            // vault exits is killed with it, the waiting shell too: it runs as a unit of its own.
            if environment["INVOCATION_ID"]?.isEmpty == false, let systemdRun = which("systemd-run") {
                let forwarded = [
                    "DBUS_SESSION_BUS_ADDRESS", "PATH", "DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "XDG_RUNTIME_DIR",
                ]
                .compactMap { name in environment[name].map { "--setenv=\(name)=\($0)" } }
                process.executableURL = URL(fileURLWithPath: systemdRun)
                process.arguments = ["--user", "--quiet", "--collect"] + forwarded + ["--"] + waiter
                do {
                    try process.run()
                    process.waitUntilExit()
                } catch {
                    return nil
                }
                return process.terminationStatus == 0 ? "Raised a notification (with a Study now button)." : nil
            }
            process.executableURL = URL(fileURLWithPath: waiter[0])
            process.arguments = Array(waiter.dropFirst())
            do { try process.run() } catch { return nil }
            return "Raised a notification (with a Study now button)."
        }
        process.executableURL = URL(fileURLWithPath: notifySend)
        process.arguments = ["--app-name=vault", title, body]
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            return nil
        }
        return process.terminationStatus == 0 ? "Raised a notification." : nil
    }
}
