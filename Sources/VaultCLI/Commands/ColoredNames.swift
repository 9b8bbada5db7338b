import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultWiring

/// What `vault category` and `vault subject` share: names with a colour.
protocol ColoredNameKind {
    static var kind: ConfigNameKind { get }
    /// "category", "subject".
    static var noun: String { get }
    static var completion: CompletionKind { get }
    /// True when the done message names the config's spelling of the name, false when it repeats the argument.
    static var namesConfigSpelling: Bool { get }
}

enum CategoryNames: ColoredNameKind {
    static let kind = ConfigNameKind.category
    static let noun = "category"
    static var completion: CompletionKind { Completions.categories }
    static let namesConfigSpelling = true
}

enum SubjectNames: ColoredNameKind {
    static let kind = ConfigNameKind.subject
    static let noun = "subject"
    static var completion: CompletionKind { Completions.subjects }
    static let namesConfigSpelling = false
}

/// A colour argument or option: `#rrggbb`.
enum ColorArgument {
    /// - Throws: a `ValidationError` naming `--color` (when `option`) or the value.
    static func validate(_ color: String, option: Bool) throws {
        guard Category.isValidColor(color) else {
            throw ValidationError("\(option ? "--color " : "")'\(color)' is not a colour; write it as #rrggbb.")
        }
    }
}

/// `vault category color` and `vault subject color`: one command type for
/// each, not one generic type. The argument parser lists every command's
/// subcommands on every command line, and making `RecolorName<CategoryNames>`
/// cost a search of every protocol conformance in the executable for
/// `CategoryNames: ColoredNameKind`, 0.15 ms a kind (benchmarks/STARTUP.md).
/// Each type declares its arguments; what they do is this protocol's.
protocol RecolorName: ParsableCommand {
    associatedtype Kind: ColoredNameKind
    var global: GlobalOptions { get }
    var name: String { get }
    var color: String { get }
}

extension RecolorName {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "color", abstract: "Change a \(Kind.noun)'s colour.")
    }

    func validate() throws { try ColorArgument.validate(color, option: false) }

    func run() throws {
        let context = try global.context()
        let edit = try ConfigNames(context.app(), Kind.kind).recoloring(name, to: color)
        let named = Kind.namesConfigSpelling ? edit.name : name
        try ConfigEditRun(context: context).save(edit, done: "\(named) is now \(color.lowercased()).")
    }
}

/// `vault category color`.
struct RecolorCategory: RecolorName {
    typealias Kind = CategoryNames
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The category.", completion: CategoryNames.completion) var name: String
    @Argument(help: "The new colour as #rrggbb.") var color: String
}

/// `vault subject color`.
struct RecolorSubject: RecolorName {
    typealias Kind = SubjectNames
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The subject.", completion: SubjectNames.completion) var name: String
    @Argument(help: "The new colour as #rrggbb.") var color: String
}
