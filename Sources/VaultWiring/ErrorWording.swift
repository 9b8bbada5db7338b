import Foundation
import VaultStore

/// How a failure reads to a person, in every front end's words: the error's
/// own sentence when it has one, and for the system's file errors what the
/// system says (never Foundation's "NSCocoaErrorDomain error 512").
package enum ErrorWording {
    /// The sentence that tells a person what went wrong.
    package static func sentence(_ error: Error) -> String {
        let ns = error as NSError
        if ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain {
            let path = (ns.userInfo[NSFilePathErrorKey] as? String).map { "\($0): " } ?? ""
            return path + reason(of: error) + "."
        }
        if let localized = error as? LocalizedError, let text = localized.errorDescription { return text }
        return ns.localizedFailureReason ?? ns.localizedDescription
    }

    /// Why a file operation failed, in the system's words.
    package static func reason(of error: Error) -> String { VaultStoreError.reason(of: error) }
}
