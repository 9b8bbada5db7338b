import Foundation
import VaultCore
import VaultProcess

/// ``PDFPrinting`` through headless Chromium (`chromium --headless
/// --print-to-pdf`): the document is written into a private temporary
/// folder (0700) with a profile of its own, printed without the browser's
/// header and footer, and read back; the folder is removed afterwards.
struct ChromiumPrinter: PDFPrinting {
    /// The programs tried, in order, on `PATH`.
    static let engines = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
    /// How long a print may take before it is stopped.
    static let timeLimit: TimeInterval = 900

    /// The first engine installed, or nil.
    static var engine: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in engines {
            for folder in path.split(separator: ":") where !folder.isEmpty {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    func pdf(of html: String) throws -> Data {
        guard let engine = Self.engine else { throw CLIError.noPDFEngine }
        var template = Array(
            URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("vault-pdf-XXXXXX").path.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CLIError.pdfFailed("no temporary folder could be made (\(String(cString: strerror(errno))))")
        }
        let folder = URL(fileURLWithPath: String(cString: made))
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("book.html")
        let out = folder.appendingPathComponent("book.pdf")
        do {
            try Data(html.utf8).write(to: page)
        } catch {
            throw CLIError.pdfFailed("the document could not be written to \(page.path)")
        }
        var arguments = [
            "--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--disable-sync", "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
            "--no-pdf-header-footer", "--print-to-pdf=\(out.path)",
        ]
        // Chromium's sandbox refuses to start as root (a container, a CI job).
        if getuid() == 0 { arguments.append("--no-sandbox") }
        arguments.append(page.absoluteString)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: engine)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch { throw CLIError.pdfFailed("\(engine) could not be started") }
        let said = Background { errors.fileHandleForReading.readDataToEndOfFile() }
        let stopped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            process.waitUntilExit()
            stopped.signal()
        }
        if stopped.wait(timeout: .now() + Self.timeLimit) == .timedOut {
            process.terminate()
            _ = stopped.wait(timeout: .now() + 5)
            throw CLIError.pdfFailed("\(engine) did not finish printing within \(Int(Self.timeLimit / 60)) minutes")
        }
        let pdf = (try? Data(contentsOf: out)) ?? Data()
        guard process.terminationStatus == 0, pdf.starts(with: Array("%PDF".utf8)) else {
            // Chromium's stderr is mostly noise (D-Bus, GPU); its last line that is not says what went wrong.
            let lines = String(decoding: said.value(), as: UTF8.self).split(separator: "\n")
            let meaningful = lines.last { !$0.contains("dbus") && !$0.contains("bus.cc") } ?? "no word from it"
            throw CLIError.pdfFailed("\(engine) printed no PDF (exit \(process.terminationStatus): \(meaningful.prefix(200)))")
        }
        return pdf
    }
}
