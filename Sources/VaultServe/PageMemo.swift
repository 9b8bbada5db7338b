import Foundation
import VaultWiring

/// The pages last rendered, for a GET that asks for one of them again
/// before anything in the vault changed and within the same second: a page
/// is a function of the vault (its version, ``ServedVault``), the moment
/// and the address, and GET never writes. Twenty phones polling the
/// dashboard cost one rendering a second, not twenty. A change empties it;
/// where changes cannot be counted nothing is kept.
final class PageMemo: @unchecked Sendable {
    private let lock = NSLock()
    /// The vault's version and the second the pages were rendered at.
    private var version: ServedVault.Version?
    private var second = 0
    private var pages: [String: WebResponse] = [:]
    /// More addresses than a person visits in a second; past it the memo starts again.
    static let limit = 64

    /// The page at `address` (path and query) for the vault at `version`
    /// (nil: not counted) at `moment`, rendered by `render` unless it is kept.
    /// Only the pages of the latest second are kept: an older one is never asked for again.
    func page(
        _ address: String, version: ServedVault.Version?, moment: Date, render: () throws -> WebResponse
    ) rethrows -> WebResponse {
        guard let version else { return try render() }
        let second = Int(moment.timeIntervalSince1970.rounded(.down))
        if let kept = lock.withLock({ self.version == version && self.second == second ? pages[address] : nil }) {
            return kept
        }
        let page = try render()
        guard page.status == 200 else { return page }
        lock.withLock {
            if self.version != version || self.second != second || pages.count >= Self.limit {
                self.version = version
                self.second = second
                pages = [:]
            }
            pages[address] = page
        }
        return page
    }
}
