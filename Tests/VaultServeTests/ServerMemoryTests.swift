import Foundation
import Testing
import VaultProcess

/// A server frees each request's notes and events: what a command keeps
/// until exit (KeptUntilExit) is let go once `vault serve` says so.
@Suite("vault serve memory")
struct ServerMemoryTests {
    final class Big {}

    @Test("after freeFromNowOn, values handed over are freed as usual")
    func freed() {
        KeptUntilExit.freeFromNowOn()
        weak var watched: Big?
        do {
            let value = Big()
            watched = value
            KeptUntilExit.keep(value)
        }
        #expect(watched == nil)
    }
}
