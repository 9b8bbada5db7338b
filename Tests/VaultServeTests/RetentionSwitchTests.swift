import Foundation
import Testing
import VaultApp
import VaultCore

@testable import VaultWiring

/// What becomes of the large values use cases are done with is switched in
/// one place, the composition root: a command's context keeps them until
/// the process exits; once the process makes a served vault or a language
/// server's opener, every context frees them as usual. Each test runs in a
/// process of its own (the switch is the process's), so it sees both sides.
@Suite("the one retention switch")
struct RetentionSwitchTests {
    final class Snapshot {}

    /// True when `retention` lets go of a value handed to it.
    static func frees(_ context: AppContext) -> Bool {
        weak var watched: Snapshot?
        do {
            let value = Snapshot()
            watched = value
            context.retention.keepUntilExit(value)
        }
        return watched == nil
    }

    @Test("a command keeps its snapshot until exit; after the served vault is made, every context frees it")
    func servedVault() async {
        await #expect(processExitsWith: .success) {
            let vault = try ServeSandbox()
            defer { vault.cleanUp() }
            let command = try CompositionRoot.open(
                GlobalOptions.parse(["--vault", vault.root.path, "--now", ServeSandbox.now]).choice, warnings: { _ in },
                tracer: NoTracer())
            guard !RetentionSwitchTests.frees(command.app) else { exit(2) }
            let served = try vault.options().served()
            guard RetentionSwitchTests.frees(try served.context()), RetentionSwitchTests.frees(command.app) else { exit(3) }
        }
    }

    @Test("the language server's opener switches the process to freeing before any vault is opened")
    func languageServer() async {
        await #expect(processExitsWith: .success) {
            let vault = try ServeSandbox()
            defer { vault.cleanUp() }
            let options = try GlobalOptions.parse(["--vault", vault.root.path, "--now", ServeSandbox.now])
            let command = try CompositionRoot.open(options.choice, warnings: { _ in }, tracer: NoTracer())
            guard !RetentionSwitchTests.frees(command.app) else { exit(2) }
            let open = CompositionRoot.languageServer(options.choice)
            guard RetentionSwitchTests.frees(try open(nil)) else { exit(3) }
        }
    }
}
