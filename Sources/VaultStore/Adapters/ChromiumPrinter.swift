import Foundation
import VaultCore
import VaultProcess

/// ``PDFPrinting`` through headless Chromium (`chromium --headless
/// --print-to-pdf`): the document is written into a private temporary
/// folder (0700) with a profile of its own, printed without the browser's
/// header and footer, read back, and its pages and linked anchors read
/// with `pdfinfo -dests`; PDFs are joined with `pdfunite` (both poppler-utils).
/// The folder is removed afterwards.
public struct ChromiumPrinter: PDFPrinting {
    public init() {}

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

    /// `program` on `PATH`, or nil.
    static func find(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// A new private folder (0700) under the temporary folder.
    static func scratchFolder() throws -> URL {
        var template = Array(
            URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("vault-pdf-XXXXXX").path.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw VaultStoreError.pdfFailed("no temporary folder could be made (\(String(cString: strerror(errno))))")
        }
        return URL(fileURLWithPath: String(cString: made))
    }

    /// Runs `program` with `arguments` and waits; its standard output and error.
    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let (out, err) = (Pipe(), Pipe())
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { throw VaultStoreError.pdfFailed("\(program) could not be started") }
        let said = Background { err.fileHandleForReading.readDataToEndOfFile() }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: output, as: UTF8.self),
            String(decoding: said.value(), as: UTF8.self)
        )
    }

    public func join(_ documents: [Data]) throws -> Data {
        guard documents.count > 1 else { return documents.first ?? Data() }
        guard let pdfunite = Self.find("pdfunite") else { throw VaultStoreError.pdfJoinerMissing }
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (n, document) in documents.enumerated() {
            let url = folder.appendingPathComponent("part-\(n).pdf")
            do { try document.write(to: url) } catch {
                throw VaultStoreError.pdfFailed("a part could not be written to \(url.path)")
            }
            paths.append(url.path)
        }
        let joined = folder.appendingPathComponent("book.pdf")
        let result = try Self.run(pdfunite, paths + [joined.path])
        guard result.status == 0, let data = try? Data(contentsOf: joined) else {
            throw VaultStoreError.pdfFailed("pdfunite could not join the parts (\(result.error.prefix(200)))")
        }
        return data
    }

    /// The page count and the named destinations' pages of the PDF at `path` (`pdfinfo -dests`).
    static func pagesAndAnchors(of path: String) throws -> (pages: Int, anchors: [String: Int]) {
        guard let pdfinfo = find("pdfinfo") else { throw VaultStoreError.pdfJoinerMissing }
        let info = try run(pdfinfo, [path])
        let result = try run(pdfinfo, ["-dests", path])
        guard info.status == 0, result.status == 0 else {
            throw VaultStoreError.pdfFailed("pdfinfo could not read the PDF (\((info.error + result.error).prefix(200)))")
        }
        let pages =
            info.output.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap {
                Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces))
            } ?? 0
        var anchors: [String: Int] = [:]
        for line in result.output.split(separator: "\n") {
            if let quote = line.firstIndex(of: "\""), line.hasSuffix("\""),
                let page = Int(line.prefix { $0 == " " || $0.isNumber }.trimmingCharacters(in: .whitespaces))
            {
                anchors[String(line[line.index(after: quote)..<line.index(before: line.endIndex)])] = page
            }
        }
        return (pages, anchors)
    }

    public func pdf(of html: String) throws -> PrintedPDF {
        guard let engine = Self.engine else { throw VaultStoreError.noPDFEngine }
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("book.html")
        let out = folder.appendingPathComponent("book.pdf")
        do {
            try Data(html.utf8).write(to: page)
        } catch {
            throw VaultStoreError.pdfFailed("the document could not be written to \(page.path)")
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
        do { try process.run() } catch { throw VaultStoreError.pdfFailed("\(engine) could not be started") }
        let said = Background { errors.fileHandleForReading.readDataToEndOfFile() }
        let stopped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            process.waitUntilExit()
            stopped.signal()
        }
        if stopped.wait(timeout: .now() + Self.timeLimit) == .timedOut {
            process.terminate()
            _ = stopped.wait(timeout: .now() + 5)
            throw VaultStoreError.pdfFailed("\(engine) did not finish printing within \(Int(Self.timeLimit / 60)) minutes")
        }
        let pdf = (try? Data(contentsOf: out)) ?? Data()
        guard process.terminationStatus == 0, pdf.starts(with: Array("%PDF".utf8)) else {
            // Chromium's stderr is mostly noise (D-Bus, GPU); its last line that is not says what went wrong.
            let lines = String(decoding: said.value(), as: UTF8.self).split(separator: "\n")
            let meaningful = lines.last { !$0.contains("dbus") && !$0.contains("bus.cc") } ?? "no word from it"
            throw VaultStoreError.pdfFailed(
                "\(engine) printed no PDF (exit \(process.terminationStatus): \(meaningful.prefix(200)))")
        }
        let read = try Self.pagesAndAnchors(of: out.path)
        return PrintedPDF(data: pdf, pages: read.pages, anchors: read.anchors)
    }
}
