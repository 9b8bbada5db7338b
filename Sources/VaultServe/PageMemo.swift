import Foundation
import VaultCLI

/// The pages last rendered, for a GET that asks for one of them again
/// before anything in the vault changed and within the same second: a page
/// is a function of the vault (its version, ``ServedVault``), the moment
/// and the address, and GET never writes. Twenty phones polling the
/// dashboard cost one rendering a second, not twenty. A change empties it;
/// where changes cannot be counted nothing is kept.
final class PageMemo: @unchecked Sendable {
    private let lock = NSLock()
    /// The vault's version the pages were rendered at.
    private var version: ServedVault.Version?
    private var pages: [String: WebResponse] = [:]
    /// More addresses than a person visits in a second; past it the memo starts again.
    static let limit = 64

    /// The page at `address` (path and query) for the vault at `version`
    /// (nil: not counted) at `moment`, rendered by `render` unless it is kept.
    func page(
        _ address: String, version: ServedVault.Version?, moment: Date, render: () throws -> WebResponse
    ) rethrows -> WebResponse {
        guard let version else { return try render() }
        let key = "\(Int(moment.timeIntervalSince1970.rounded(.down))) \(address)"
        if let kept = lock.withLock({ self.version == version ? pages[key] : nil }) { return kept }
        let page = try render()
        guard page.status == 200 else { return page }
        lock.withLock {
            if self.version != version || pages.count >= Self.limit {
                self.version = version
                pages = [:]
            }
            pages[key] = page
        }
        return page
    }
}
