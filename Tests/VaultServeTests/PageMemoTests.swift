import Foundation
import Testing
import VaultWiring

@testable import VaultServe

/// GET pages are rendered once per vault version, second and address.
@Suite("vault serve: the page memo")
struct PageMemoTests {
    final class Renders: @unchecked Sendable {
        var count = 0
        func page(_ status: Int = 200) -> WebResponse {
            count += 1
            return .page("render \(count)", status: status)
        }
    }

    let moment = Date(timeIntervalSince1970: 1_800_000_000.25)

    func v(_ notes: UInt64) -> ServedVault.Version { ServedVault.Version(notes: notes, ledger: 7) }

    @Test("the same address, version and second render once")
    func kept() {
        let memo = PageMemo()
        let renders = Renders()
        let first = memo.page("/", version: v(1), moment: moment) { renders.page() }
        let again = memo.page("/", version: v(1), moment: moment.addingTimeInterval(0.5)) { renders.page() }
        #expect(first == again)
        #expect(renders.count == 1)
    }

    @Test("another version, another second or another address renders again")
    func renderedAgain() {
        let memo = PageMemo()
        let renders = Renders()
        _ = memo.page("/", version: v(1), moment: moment) { renders.page() }
        _ = memo.page("/", version: v(2), moment: moment) { renders.page() }
        _ = memo.page("/", version: v(2), moment: moment.addingTimeInterval(1)) { renders.page() }
        _ = memo.page("/stats", version: v(2), moment: moment.addingTimeInterval(1)) { renders.page() }
        #expect(renders.count == 4)
        // The version moved on: what was rendered at the first is gone.
        _ = memo.page("/", version: v(1), moment: moment) { renders.page() }
        #expect(renders.count == 5)
    }

    @Test("nothing is kept when changes are not counted, nor a page that is not a 200")
    func notKept() {
        let memo = PageMemo()
        let renders = Renders()
        _ = memo.page("/", version: nil, moment: moment) { renders.page() }
        _ = memo.page("/", version: nil, moment: moment) { renders.page() }
        _ = memo.page("/missing", version: v(1), moment: moment) { renders.page(404) }
        _ = memo.page("/missing", version: v(1), moment: moment) { renders.page(404) }
        #expect(renders.count == 4)
    }

    @Test("only the latest second's pages are kept: a page of an older second is rendered again")
    func latestSecondOnly() {
        let memo = PageMemo()
        let renders = Renders()
        _ = memo.page("/", version: v(1), moment: moment) { renders.page() }
        _ = memo.page("/stats", version: v(1), moment: moment.addingTimeInterval(1)) { renders.page() }
        _ = memo.page("/stats", version: v(1), moment: moment.addingTimeInterval(1.5)) { renders.page() }
        #expect(renders.count == 2)
        _ = memo.page("/", version: v(1), moment: moment) { renders.page() }
        #expect(renders.count == 3)
    }
}
