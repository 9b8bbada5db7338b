import Dispatch
import VaultProcess

/// A scan of the vault started on another thread, so that the stat calls run
/// while the caller does its other start-up work (reading the config, opening
/// the search cache); ``files`` waits for it.
public final class ScanAhead: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    /// Written once by the scanning thread before `finished` is signalled.
    private var result: ScannedFiles?

    /// Starts scanning the vault at `layout` on all cores.
    public init(layout: VaultLayout) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let found = VaultScanner(layout: layout).scanFiles()
            KeptUntilExit.keep(found)  // 100,000 paths are not freed one by one at exit
            result = found
            finished.signal()
        }
    }

    /// The notes the scan found (as ``VaultScanner/scanFiles(threads:)``), once it is done.
    public var files: ScannedFiles {
        finished.wait()
        finished.signal()
        return result!
    }
}
