import Foundation

/// Programs `vault` runs when they are installed (notify-send, systemd-run, chafa), found as a shell finds them.
public enum ProgramPath {
    /// `name` found on the PATH (`/usr/bin:/bin` when unset), or nil.
    public static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
