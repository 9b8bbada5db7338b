import ArgumentParser
import Foundation
import VaultCore
import VaultWiring

extension VaultCommand {
    /// `vault serve`: the web app. The server is the program `vault-serve`
    /// beside `vault` (installed as a link to `vault`, which serves when
    /// called by that name), run in its place (exec), so no other command
    /// runs an HTTP server.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the vault as a local web app (review, study, notes) for a browser or a phone.",
            discussion: """
                The first line printed is the URL to open, with a new random token (a cookie after the first \
                page). It listens on 127.0.0.1 unless --listen says otherwise; Ctrl-C stops it.
                From a phone: an SSH tunnel, or --listen 0.0.0.0 on a private network (README).

                Examples:
                  vault serve
                  vault serve --port 8080 --open
                  vault serve --listen 0.0.0.0
                """)

        @OptionGroup var options: ServeOptions

        func run() throws {
            // The vault is found here, so a missing one says so before the server starts.
            _ = try CompositionRoot.open(options.global.choice)
            let program = Self.serverProgram()
            guard FileManager.default.isExecutableFile(atPath: program) else {
                throw CLIError.serverMissing(program)
            }
            Output.standard.flush()
            let argv = [program] + options.arguments
            var cArgs = argv.map { strdup($0) } + [nil]
            execv(program, &cArgs)
            throw CLIError.serverMissing(program)
        }

        /// `vault-serve` in the folder of the running `vault` (symbolic links followed).
        static func serverProgram() -> String {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            let me =
                count > 0
                ? String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                : URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
            return (me as NSString).deletingLastPathComponent + "/vault-serve"
        }
    }
}
