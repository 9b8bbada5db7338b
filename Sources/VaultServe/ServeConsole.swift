import Foundation
import VaultCore
import VaultPresentation
import VaultWiring

/// What `vault-serve` prints on its terminal, through the one writer of the
/// process's streams (``StandardStreams``), as every vault command prints:
/// the URL line and the QR code on stdout, `error: SENTENCE` and
/// `warning: …` on stderr, `trace: …` with `VAULT_TRACE`.
enum ServeConsole {
    /// The timing lines of the served vault's adapters and use cases (`VAULT_TRACE`).
    static let tracer = StderrTracer(environment: ProcessInfo.processInfo.environment)

    /// Prints `text` on stdout at once (the URL line, the QR code).
    static func say(_ text: String) {
        StandardStreams.process.writeOut((TerminalText.sanitized(text, keepingColour: false) + "\n").utf8)
        StandardStreams.process.flush()
    }

    /// Prints `error: SENTENCE` on stderr, worded as every vault command words it (``ErrorWording``).
    static func report(_ error: Error) {
        report(message: ErrorWording.sentence(error))
    }

    /// Prints `error: message` on stderr.
    static func report(message: String) {
        StandardStreams.process.writeError("error: \(TerminalText.sanitized(message, keepingColour: false))\n")
    }

    /// Prints `warning: text` on stderr (the server goes on).
    static func warning(_ text: String) {
        StandardStreams.process.writeError("warning: \(TerminalText.sanitized(text, keepingColour: false))\n")
    }
}
