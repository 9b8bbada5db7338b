import Foundation
import Testing

/// Issue 45: Anki's `[sound:…]` comes in as an audio embed that the web app
/// plays. Anki itself (PyPI's `anki` 26.9.3, in .build/anki-oracle-venv, shared
/// with the Anki oracle suites) makes a package whose card plays a real WAV
/// (Tests/oracles/anki/sound_package.py); the built `vault` imports it into a
/// new vault and `vault serve` serves it. The note's page and the study page
/// must hold an `<audio>` element whose `src` the server answers with 200,
/// `audio/wav` and the file's own bytes.
@Suite("an Anki sound in the web app", .serialized)
struct AnkiSoundTests {
    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The `src` of every `<audio>` element of `html`.
    static func audioSources(_ html: String) -> [String] {
        html.components(separatedBy: "<audio").dropFirst().compactMap { element in
            let tag = element.prefix { $0 != ">" }
            guard let start = tag.range(of: "src=\"") else { return nil }
            return String(tag[start.upperBound...].prefix { $0 != "\"" })
        }
    }

    @Test(
        "[sound:tone-a4.wav] from Anki: an <audio> on the note's page and the study page, served as audio/wav byte for byte",
        .enabled(if: python != nil, "needs python3 (and PyPI for the anki oracle venv)"))
    func soundPlays() throws {
        let root = ServeSandbox.packageRoot
        let made = try ServeSandbox.run(
            "/bin/bash", [root.appendingPathComponent("scripts/oracle-python.sh").path, "anki-oracle-venv", "anki=anki==26.9.3"],
            environment: ProcessInfo.processInfo.environment)
        try #require(made.status == 0, "\(made.stderr)")
        let python = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("vault-anki-sound-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let package = try ServeSandbox.run(
            python, [root.appendingPathComponent("Tests/oracles/anki/sound_package.py").path, work.path],
            environment: ProcessInfo.processInfo.environment)
        try #require(package.status == 0, "\(package.stderr)")
        let wav = try Data(contentsOf: work.appendingPathComponent("tone-a4.wav"))
        #expect(wav.prefix(4) == Data("RIFF".utf8) && wav.count > 4_000)

        let vault = ServeSandbox(root: work.appendingPathComponent("vault"))
        let initialised = try ServeSandbox.run(
            ServeSandbox.binaryFolder.appendingPathComponent("vault").path, ["init", vault.root.path],
            environment: vault.environment())
        try #require(initialised.status == 0, "\(initialised.stderr)")
        let imported = try vault.vault(["import", "anki", work.appendingPathComponent("sound.apkg").path])
        try #require(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Listening → Anki/Listening/: 1 note, 1 card, 0 events, 1 media file"), "\(imported.stdout)")
        let notes = try FileManager.default.contentsOfDirectory(atPath: vault.root.appendingPathComponent("Anki/Listening").path)
        let note = try #require(notes.first { $0.hasSuffix(".md") }, "\(notes)")
        #expect(notes.contains("tone-a4.wav"))
        let text = try String(contentsOf: vault.root.appendingPathComponent("Anki/Listening/\(note)"), encoding: .utf8)
        #expect(text.contains("Which note is this? ![[tone-a4.wav]] :: A4"), "\(text)")

        let server = try RunningServer(sandbox: vault)
        defer { _ = server.stop() }
        let notePath = "Anki/Listening/" + note
        let encoded = notePath.split(separator: "/").map {
            String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#")))!
        }.joined(separator: "/")
        let pages = [("the note's page", "/notes/" + encoded), ("the study page", "/study")]
        for (name, path) in pages {
            let page = try server.curl(path)
            #expect(page.status == 200, "\(name): \(page.status)")
            let sources = Self.audioSources(page.body)
            #expect(sources == ["/files/Anki/Listening/tone-a4.wav"], "\(name): \(sources) in \(page.body)")
            #expect(!page.body.contains("<a href=\"/files/Anki/Listening/tone-a4.wav\""), "\(name) still links the sound")
            for source in sources {
                let saved = work.appendingPathComponent("served-\(UUID().uuidString).wav")
                let file = try server.curl(source, extra: ["-o", saved.path])
                #expect(file.status == 200, "\(name): \(source) answered \(file.status)")
                #expect(file.header("Content-Type") == "audio/wav", "\(name): \(file.headers)")
                #expect(try Data(contentsOf: saved) == wav, "\(name): \(source) served other bytes")
            }
        }
    }
}

extension ServeSandbox {
    /// A sandbox over the vault at `root` (made by the test, removed by it).
    init(root: URL) { self.root = root }
}
