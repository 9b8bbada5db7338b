import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault loci`: memory palaces, learned in order, reviewed and reversed with one SM-2 state per location.
    struct LociCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "loci", abstract: "Memory palaces: learn, review and reverse itineraries (method of loci).",
            discussion: """
                An itinerary is a folder of notes (vault import loci brings one in). Learn walks it in order; \
                review shows a location's number, then its picture, then its name, and asks for 0-5; reverse \
                shows the name and asks for the number. Review and reverse move one SM-2 state per location.

                Examples:
                  vault loci list
                  vault loci learn "Home walk"
                  vault loci review "Home walk"
                  vault loci review "Home walk" --list
                  vault loci reverse "Home walk" --rate 3=4 --answer 3=3
                """,
            subcommands: [ListWalks.self, Learn.self, Review.self, Reverse.self], defaultSubcommand: ListWalks.self)

        struct ListWalks: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "list", abstract: "Itineraries with their locations, due counts and last practice.")
            @OptionGroup var global: GlobalOptions
            @Flag(help: "Print JSON.") var json = false

            func run() throws {
                let context = try global.context()
                let palaces = LociPalaces(context.app())
                let tz = context.timeZone
                if json {
                    try context.output.json(
                        palaces.walks.map {
                            LociWalkJSON(
                                $0, counts: palaces.counts($0), lastPractice: palaces.states.lastPractice($0), timeZone: tz)
                        })
                    return
                }
                guard !palaces.walks.isEmpty else {
                    context.output.line("No itineraries yet; `vault import loci FILE.json` brings one in.")
                    return
                }
                let style = context.output.style
                var table = Table(flexible: [0, 5])
                table.add(["ITINERARY", "LOCATIONS", "DUE", "NEW", "LAST PRACTICE", "FOLDER"].map(style.dim))
                for walk in palaces.walks {
                    let counts = palaces.counts(walk)
                    let last = palaces.states.lastPractice(walk).map { RelativeTime.describe($0, from: context.now, in: tz) } ?? "never"
                    table.add([
                        TerminalText.oneLine(walk.name), String(walk.stops.count),
                        counts.due > 0 ? style.bold(String(counts.due)) : "0", String(counts.new), last,
                        TerminalText.oneLine(walk.folder) + "/",
                    ])
                }
                context.output.line(table.render(width: context.output.width))
            }
        }

        struct Learn: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "learn", 
                abstract: "Walk an itinerary in order: number, picture, name and description; → next, ← previous.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The itinerary: its name or its folder.", completion: Completions.itineraries) var itinerary: String
            @Flag(help: "Show each picture's path and size instead of drawing it.") var noImages = false

            func run() throws {
                let context = try global.context()
                let palaces = LociPalaces(context.app())
                let walk = try palaces.walk(itinerary)
                try LociScreen(context: context, palaces: palaces, walk: walk, mode: .learn, pictures: !noImages).run()
            }
        }

        struct Review: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "review", 
                abstract: "Review an itinerary: the number, then the picture, then the name; rate 0-5 (SM-2).",
                discussion: """
                    Due locations come first (the longest overdue first), then the others in walking order.

                    Examples:
                      vault loci review "Home walk"
                      vault loci review "Home walk" --list --json
                      vault loci review "Home walk" --rate 1=5 2=3
                    """)
            @OptionGroup var global: GlobalOptions
            @OptionGroup var practice: LociPracticeOptions

            func validate() throws { try practice.validate(typed: []) }

            func run() throws { try practice.run(global: global, mode: .review, typed: []) }
        }

        struct Reverse: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "reverse", 
                abstract: "Reverse an itinerary: the name; type its number, then rate 0-5 (SM-2, shared with review).",
                discussion: """
                    Examples:
                      vault loci reverse "Home walk"
                      vault loci reverse "Home walk" --rate 4=2 --answer 4=5   # typed 5 for location 4: wrong
                    """)
            @OptionGroup var global: GlobalOptions
            @OptionGroup var practice: LociPracticeOptions
            @Option(
                name: .customLong("answer"), parsing: .upToNextOption,
                help: "The number typed for a location, SEQ=N (recorded with its --rate, right or wrong).")
            var typed: [String] = []

            func validate() throws { try practice.validate(typed: typed) }

            func run() throws { try practice.run(global: global, mode: .reverse, typed: typed) }
        }
    }
}

/// The options review and reverse share, and the scripted forms they run.
struct LociPracticeOptions: ParsableArguments {
    @Argument(help: "The itinerary: its name or its folder.", completion: Completions.itineraries) var itinerary: String
    @Flag(help: "List the locations in the order asked, with their SM-2 state; ask nothing.") var list = false
    @Flag(help: "Print JSON (with --list or --rate).") var json = false
    @Option(parsing: .upToNextOption, help: "Record answers without the screen: SEQ=Q, quality 0-5.") var rate: [String] = []
    @Flag(help: "Show each picture's path and size instead of drawing it.") var noImages = false

    func validate(typed: [String]) throws {
        if list && !rate.isEmpty { throw ValidationError("give --list or --rate, not both.") }
        if !typed.isEmpty && rate.isEmpty { throw ValidationError("--answer goes with --rate (SEQ=Q for the same location).") }
        if json && !list && rate.isEmpty { throw ValidationError("--json goes with --list or --rate.") }
    }

    func run(global: GlobalOptions, mode: LociRating.Mode, typed: [String]) throws {
        let context = try global.context()
        let palaces = LociPalaces(context.app())
        let walk = try palaces.walk(itinerary)
        let tz = context.timeZone
        if list {
            let order = palaces.states.reviewOrder(walk, at: context.now)
            if json {
                try context.output.json(
                    order.map {
                        LociStopJSON(
                            $0, state: palaces.states.state($0.key), isDue: palaces.states.isDue($0, at: context.now),
                            timeZone: tz)
                    })
                return
            }
            let style = context.output.style
            var table = Table(flexible: [1])
            table.add(["SEQ", "LOCATION", "DUE", "INTERVAL", "EF", "REPS"].map(style.dim))
            for stop in order {
                let state = palaces.states.state(stop.key)
                let due = state.due.map { RelativeTime.describe($0, from: context.now, in: tz) } ?? "new"
                table.add([
                    String(stop.sequence), TerminalText.oneLine(stop.name),
                    palaces.states.isDue(stop, at: context.now) ? style.bold(due) : due,
                    state.interval == 0 ? "–" : "\(state.interval)d", String(format: "%.2f", state.easeFactor),
                    String(state.repetitions),
                ])
            }
            context.output.line(table.render(width: context.output.width))
            let counts = palaces.counts(walk)
            context.output.line("\(walk.stops.count) locations: \(counts.due) due, \(counts.new) new.")
            return
        }
        if !rate.isEmpty {
            let recorded = try palaces.answerAll(walk, mode: mode, rates: rate, typed: typed)
            if json {
                try context.output.json(
                    recorded.map { LociAnswerJSON($0, name: walk.stop($0.sequence)?.name ?? "", timeZone: tz) })
                return
            }
            for rating in recorded {
                let name = TerminalText.oneLine(walk.stop(rating.sequence)?.name ?? "")
                var line = "Rated \(rating.sequence) \(name): \(rating.quality)"
                if let answer = rating.answer {
                    line += rating.right == true ? " (typed \(answer): right)" : " (typed \(answer): wrong)"
                }
                if let due = rating.after.due {
                    line += "; due \(RelativeTime.describe(due, from: context.now, in: tz)) (\(VaultDate.isoString(due, in: tz)))"
                }
                context.output.line(line + ".")
            }
            return
        }
        try LociScreen(
            context: context, palaces: palaces, walk: walk, mode: mode == .review ? .review : .reverse,
            pictures: !noImages
        ).run()
    }
}
