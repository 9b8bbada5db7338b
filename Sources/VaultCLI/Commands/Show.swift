import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault show NOTE`: a note rendered for the terminal.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", 
            abstract: "Show a note, rendered for the terminal.",
            discussion: """
                On a terminal with chafa installed, the pictures the note embeds (![[door.png]]) are drawn \
                after the line that names them (--no-images leaves them as text).

                Examples:
                  vault show 2026/11/habits.md
                  vault show 3f2a --json
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The note: a path, an id, or an id prefix.", completion: Completions.notes)
        var note: String

        @Flag(help: "Print the note's fields and body as JSON.")
        var json = false

        @Flag(help: "Do not draw pictures, even on a terminal with chafa.")
        var noImages = false

        func run() throws {
            let context = try global.context()
            let found = try context.app().findNote(context.noteReference(note))
            let data = try context.app().files.read(found.path)
            let standing = NoteStanding.load(context.app(), note: found.summary)
            if json {
                /// What `vault show` adds to the note's fields as `vault list --json` gives them.
                struct Body: Encodable {
                    struct Review: Encodable {
                        var time: String
                        var period: String
                        var decision: String
                    }
                    var cycle: String?
                    var archived: Bool?
                    var lastReview: Review?
                    var body: String
                    enum CodingKeys: String, CodingKey {
                        case cycle, archived, body
                        case lastReview = "last_review"
                    }
                }
                let body = String(decoding: NoteParser.body(of: data), as: UTF8.self)
                let review = standing?.lastReview.map {
                    Body.Review(
                        time: VaultDate.isoString($0.time, in: context.timeZone), period: $0.period.id,
                        decision: $0.decision.rawValue)
                }
                try context.output.json(
                    FlatJSON(
                        NoteJSON(found, timeZone: context.timeZone),
                        Body(cycle: standing?.cycle.name, archived: standing?.archived, lastReview: review, body: body)))
                return
            }
            let style = context.output.style
            var header = NoteHeader(note: found, config: context.config, style: style).render()
            if let standing {
                var line = standing.archived ? "archived" : "cycle \(standing.cycle.name)"
                if let last = standing.lastReview {
                    let verb = last.decision == .archive ? "archived" : "kept"
                    line += " · last review \(VaultDate.dayString(last.time, in: context.timeZone)) (\(verb) in \(last.period.id))"
                } else {
                    line += " · not reviewed yet"
                }
                header += "\n" + style.dim(line)
            }
            context.output.line(header)
            context.output.line()
            // Read as Obsidian reads it: tables drawn, callouts titled, math as TeX, comments hidden.
            var document = ObsidianDocument(markdown: String(decoding: NoteParser.body(of: data), as: UTF8.self)).root
            // The header already shows the title; do not print it twice.
            if let first = document.children.first, first.kind == .heading,
                first.plainText.trimmingSpaces() == found.title
            {
                document.children.removeFirst()
            }
            let rendered = TerminalRenderer(style: style, tableWidth: context.output.width).render(document)
            let body = String(decoding: NoteParser.body(of: data), as: UTF8.self)
            let pictures =
                noImages || isatty(STDOUT_FILENO) != 1
                ? [] : NotePictures.pictures(in: body, ofNoteAt: found.path, context: context.app())
            guard !pictures.isEmpty else { return context.output.write(rendered) }
            context.output.write(
                Self.withPictures(
                    rendered, pictures, files: context.app().files, style: style,
                    width: context.output.width ?? 80))
        }

        /// `rendered` with each picture drawn by chafa after the first line that names it (or at the end),
        /// at most 16 rows high; without chafa, the text as it was.
        static func withPictures(
            _ rendered: String, _ pictures: [NotePictures.Picture], files: any VaultFiles, style: ANSIStyle, width: Int
        ) -> String {
            var drawer = LociPicture(files: files, enabled: true, style: style)
            guard drawer.chafa != nil else { return rendered }
            var lines = rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var left = pictures
            var index = 0
            while index < lines.count, !left.isEmpty {
                let plain = TerminalText.sanitized(lines[index], keepingColour: false)
                if let k = left.firstIndex(where: { plain.contains($0.reference) || plain.contains($0.path) }) {
                    let drawn = drawer.lines(left[k].path, columns: min(width, 60), rows: 16)
                    lines.insert(contentsOf: drawn, at: index + 1)
                    index += drawn.count
                    left.remove(at: k)
                }
                index += 1
            }
            for picture in left {
                lines += [style.dim(TerminalText.oneLine(picture.reference))] + drawer.lines(picture.path, columns: min(width, 60), rows: 16)
            }
            return lines.joined(separator: "\n")
        }
    }
}

/// The lines above a note's body: title, category, source, tags, date, path
/// and any front matter keys `vault` does not interpret.
struct NoteHeader {
    let note: NoteSummary
    /// Front matter keys `vault` does not interpret, shown as they are.
    let unknownEntries: [FrontMatter.Entry]
    let config: VaultConfig
    let style: ANSIStyle

    init(note: Note, config: VaultConfig, style: ANSIStyle) {
        self.init(summary: note.summary, unknownEntries: note.frontMatter.unknownEntries, config: config, style: style)
    }

    init(summary: NoteSummary, unknownEntries: [FrontMatter.Entry] = [], config: VaultConfig, style: ANSIStyle) {
        self.note = summary
        self.unknownEntries = unknownEntries
        self.config = config
        self.style = style
    }

    func render() -> String {
        var lines = [style.bold(note.title)]
        var facts: [String] = []
        if let category = note.category {
            facts.append(style.color("■ " + category, hex: config.category(named: category)?.color ?? ""))
        }
        if let source = note.source {
            facts.append(source + (note.sourceType.map { style.dim(" (\($0))") } ?? ""))
        }
        if !facts.isEmpty { lines.append(facts.joined(separator: "  ·  ")) }
        if !note.tags.isEmpty { lines.append(style.yellow(note.tags.map { "#" + $0 }.joined(separator: " "))) }
        var meta = [note.path]
        if let created = note.created { meta.insert(VaultDate.dayString(created, in: config.timeZone), at: 0) }
        lines.append(style.dim(meta.joined(separator: "  ")))
        for entry in unknownEntries {
            lines.append(style.dim("\(entry.key): \(entry.value.displayText)"))
        }
        return lines.joined(separator: "\n")
    }
}
