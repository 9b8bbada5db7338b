import Foundation
import VaultProcess

/// Desktop notifications through `notify-send` (libnotify), when it is on
/// the PATH and a session bus is there to carry them.
enum Notifier {
    /// The notification's actions: "Study now" (a button that opens `vault
    /// study --limit N` in a terminal, when there is one and cards to study),
    /// "Snooze 1 h" and "Skip"; a click first answers the reminder
    /// (`vault remind --answer WORD --reminder ID`).
    struct Actions {
        var binary: String
        var vault: String
        /// The reminder's id (the moment it was raised).
        var reminder: String
        var studyLimit: Int?
    }

    /// The session bus, from the environment or the usual per-user socket.
    static var sessionBus: String? {
        let environment = ProcessInfo.processInfo.environment
        if let bus = environment["DBUS_SESSION_BUS_ADDRESS"], !bus.isEmpty { return bus }
        let socket = "/run/user/\(getuid())/bus"
        return FileManager.default.fileExists(atPath: socket) ? "unix:path=\(socket)" : nil
    }

    /// Raises the notification; returns a line saying so, or nil when there is no notifier.
    /// notify-send waits for the click in a process of its own, so `vault` returns at once.
    static func raise(title: String, body: String, actions: Actions) -> String? {
        guard let notifySend = ProgramPath.find("notify-send"), let bus = sessionBus else { return nil }
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus
        let process = Process()
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let terminal = actions.studyLimit == nil ? nil : ProgramPath.find("x-terminal-emulator")
        let study = terminal != nil ? "--action=study='Study now' " : ""
        // The shell waits for the click, answers the reminder, and for "Study now" opens the study screen; vault does not wait.
        let waiter = [
            "/bin/sh", "-c",
            "choice=$(\"$1\" --app-name=vault \(study)--action=snooze='Snooze 1 h' --action=skip=Skip \"$2\" \"$3\") || exit 0; "
                + "[ -n \"$choice\" ] || exit 0; \"$4\" --vault \"$5\" remind --answer \"$choice\" --reminder \"$6\" >/dev/null 2>&1; "
                + "[ \"$choice\" = study ] && exec \"$7\" -e \"$4\" --vault \"$5\" study --limit \"$8\"; exit 0",
            "vault-remind", notifySend, title, body, actions.binary, actions.vault, actions.reminder, terminal ?? "",
            actions.studyLimit.map(String.init) ?? "",
        ]
        let raised = terminal != nil ? "Raised a notification (with a Study now button)." : "Raised a notification."
        // Run by systemd (the timer's oneshot service), every process still in the service when
        // vault exits is killed with it, the waiting shell too: it runs as a unit of its own.
        if environment["INVOCATION_ID"]?.isEmpty == false, let systemdRun = ProgramPath.find("systemd-run") {
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
            return process.terminationStatus == 0 ? raised : nil
        }
        process.executableURL = URL(fileURLWithPath: waiter[0])
        process.arguments = Array(waiter.dropFirst())
        do { try process.run() } catch { return nil }
        return raised
    }
}
