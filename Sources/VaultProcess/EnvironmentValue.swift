#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One variable of the process's environment, read with `getenv`.
///
/// `ProcessInfo.processInfo.environment` builds a dictionary of every
/// variable on each call: `vault serve` read two of them per request, which
/// was a sixth of answering a page it had already rendered.
public enum EnvironmentValue {
    /// The value of the variable `name`, or nil when it is not set.
    public static func of(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
