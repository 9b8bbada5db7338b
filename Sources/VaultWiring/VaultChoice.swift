/// Which vault a command opens and the moment it acts at, as given on its
/// command line: `--vault` and `--now` (nil when not given; the environment
/// and the clock decide then, see ``GlobalOptions``). Plain values, so that
/// the command lines read by hand (`vault status`, `vault search`) open a
/// vault without making the argument parser's `@Option` wrappers, whose
/// names cost a small command 0.4 ms of the runtime's searches through
/// every protocol conformance of the executable (benchmarks/STARTUP.md).
package struct VaultChoice: Equatable, Sendable {
    /// `--vault DIR`.
    package var vaultPath: String?
    /// `--now MOMENT`.
    package var now: String?

    package init(vaultPath: String? = nil, now: String? = nil) {
        self.vaultPath = vaultPath
        self.now = now
    }
}
