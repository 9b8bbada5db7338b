import Foundation
import VaultCore
import VaultMarkdown
import VaultPresentation
import VaultProcess

/// A location's picture as lines of the full-screen views: drawn by chafa
/// (Debian's chafa) as colour mosaics of Unicode symbols sized to the
/// screen, or, without chafa or with `--no-images`, the picture's path and
/// size. Symbols rather than kitty or sixel graphics, because the screen
/// layer scrolls and redraws lines of text: a picture drawn in lines scrolls
/// and wraps with the rest. The picture is read through the vault's files
/// (the one path rule) and handed to chafa on its standard input: chafa
/// opens no path.
struct LociPicture {
    let files: any VaultFiles
    let enabled: Bool
    let style: ANSIStyle
    /// chafa's path, found once.
    let chafa: String?
    private var drawn: [String: [String]] = [:]

    init(files: any VaultFiles, enabled: Bool, style: ANSIStyle) {
        self.files = files
        self.enabled = enabled
        self.style = style
        chafa = enabled ? ProgramPath.find("chafa") : nil
    }

    /// The lines showing `path` (vault-relative) in at most `columns` × `rows`.
    mutating func lines(_ path: String?, columns: Int, rows: Int) -> [String] {
        guard let path else { return [style.dim("(no picture)")] }
        let key = "\(path)|\(columns)x\(rows)"
        if let lines = drawn[key] { return lines }
        let bytes = try? files.read(path)
        var lines = chafa.flatMap { chafa in bytes.flatMap { draw($0, with: chafa, columns: columns, rows: rows) } } ?? []
        if lines.isEmpty { lines = [style.dim(describe(bytes, path: path))] }
        drawn[key] = lines
        return lines
    }

    /// "picture: loci/Home walk/03.png (12 KB, 64×48 px)"; "(missing)" without `bytes`.
    func describe(_ bytes: Data?, path: String) -> String {
        guard let bytes else { return "picture: \(TerminalText.forScreen(path)) (missing)" }
        var text = "picture: \(TerminalText.forScreen(path)) (\(max(1, (bytes.count + 1023) / 1024)) KB"
        if let kind = LociImage.Kind.sniff(bytes), let size = LociImage(bytes: bytes, kind: kind).pixelSize {
            text += ", \(size.width)×\(size.height) px"
        }
        return text + ")"
    }

    /// The picture `bytes` as chafa draws it in `columns` × `rows`; nil when chafa cannot.
    func draw(_ bytes: Data, with chafa: String, columns: Int, rows: Int) -> [String]? {
        let colors: String
        switch style.enabled ? style.depth : .none {
        case .truecolor: colors = "full"
        case .extended: colors = "256"
        case .basic: colors = "16"
        case .none: colors = "none"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chafa)
        process.arguments = [
            "--format", "symbols", "--colors", colors, "--size", "\(max(8, columns))x\(max(2, rows))", "--animate",
            "off", "--polite", "on", "--optimize", "0", "-",
        ]
        let input = Pipe()
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = input
        do { try process.run() } catch { return nil }
        // Written on another thread, so a picture larger than the pipe holds does not wait on our reading.
        let writeEnd = input.fileHandleForWriting
        let writer = Thread { Self.feed(bytes, to: writeEnd) }
        writer.start()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        // Only colour sequences may pass: chafa's, not anything a picture could smuggle.
        let text = TerminalText.sanitized(String(decoding: data, as: UTF8.self), keepingColour: true)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { $0 + (style.enabled ? "\u{1B}[0m" : "") }
    }

    /// Writes `bytes` to `handle` and closes it. SIGPIPE is blocked on this
    /// thread, so a chafa that stops reading (a picture it cannot decode)
    /// ends the write with EPIPE instead of ending `vault`.
    static func feed(_ bytes: Data, to handle: FileHandle) {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        let fd = handle.fileDescriptor
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
        try? handle.close()
    }
}
