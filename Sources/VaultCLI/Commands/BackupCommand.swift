import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault backup`: a dated archive of the vault, the list of archives, a restore, the daily timer.
    struct BackupCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: "Archive the vault (notes, attachments, config, ledger); list, restore, schedule.",
            discussion: """
                Writes NAME-YYYY-MM-DD-HHMMSS.tar.zst (tar.gz where zstd is missing) holding every note, every \\
                attachment, .vault/config.yml, .vault/ignore, the ledger and git's .gitignore and \\
                .gitattributes; no cache, no .vault/local, no trash. Archives go to \\
                ~/.local/share/vault/backups/NAME-HASH/ ($XDG_DATA_HOME) unless --to names a folder, and \\
                the newest backup.keep (default 14) of this vault stay there; older ones are removed.

                --install prints a systemd user timer (or --cron a crontab line) that runs vault backup once \\
                a day, with the same --to; --write installs the units. --restore ARCHIVE unpacks an archive \\
                (a path, or a name from --list, or its day) into --into DIR, which must be new or empty.

                Examples:
                  vault backup
                  vault backup --to /media/usb/vault-backups
                  vault backup --list
                  vault backup --install --write
                  vault backup --restore 2026-11-18 --into ~/restored-vault
                """)

        @OptionGroup var global: GlobalOptions
        @Option(help: "The folder of the archives (default: ~/.local/share/vault/backups/NAME-HASH/).") var to: String?
        @Flag(help: "List this vault's archives, oldest first.") var list = false
        @Flag(help: "With --list: print JSON.") var json = false
        @Option(help: "Unpack this archive (a path, a name from --list, or its day) into --into DIR.") var restore:
            String?
        @Option(help: "With --restore: the folder to restore into, new or empty (default: the current folder).")
        var into: String?
        @Flag(help: "Print the systemd user units (or the crontab line) that run vault backup once a day.")
        var install = false
        @Flag(help: "With --install: a crontab line instead.") var cron = false
        @Flag(help: "With --install: write the units into ~/.config/systemd/user/.") var write = false
        @Flag(help: "Remove the units --install --write wrote.") var uninstall = false

        func validate() throws {
            let modes = [list, restore != nil, install, uninstall].filter { $0 }.count
            if modes > 1 { throw ValidationError("give one of --list, --restore, --install and --uninstall.") }
            if json, !list { throw ValidationError("--json goes with --list.") }
            if into != nil, restore == nil { throw ValidationError("--into goes with --restore.") }
            if (cron || write), !install { throw ValidationError("--cron and --write go with --install.") }
            if cron, write {
                throw ValidationError(
                    "--write installs systemd units; for cron, add the printed line with `crontab -e`.")
            }
        }

        /// `--to` as an absolute path: the timer runs elsewhere than the shell.
        var folder: String? {
            to.map {
                URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                    .standardizedFileURL.path
            }
        }

        func run() throws {
            if let restore, restore.contains("/") { return try restoreArchive(restore, output: .standard) }
            let context = try global.context()
            let backup = CompositionRoot.backup(context.app(), to: folder)
            let out = context.output
            if let restore { return try restoreArchive(try backup.find(restore, in: folder), output: out) }
            if list { return try printList(backup.list(in: folder), context) }
            let units = backup.timer
            if uninstall {
                let removed = try units.uninstall()
                if removed.isEmpty {
                    out.line("No vault backup units were installed for this vault.")
                } else {
                    out.line("Removed \(removed.joined(separator: ", ")).")
                    out.line("Run: systemctl --user stop \(units.name).timer; systemctl --user daemon-reload")
                }
                return
            }
            if install {
                if cron {
                    out.line(try units.crontabLine)
                } else if write {
                    out.line("Wrote \(try units.install().joined(separator: " and ")).")
                    out.line("Run: systemctl --user daemon-reload && systemctl --user enable --now \(units.name).timer")
                } else {
                    out.write(
                        "# ~/.config/systemd/user/\(units.name).service\n\(try units.service)\n# ~/.config/systemd/user/\(units.name).timer\n\(units.timer)"
                    )
                }
                return
            }
            let made = try backup.make(in: folder)
            out.line(
                "Wrote \(TerminalText.oneLine(made.archive.path)) (\(plural(made.files, "file")), \(Self.size(made.archive.bytes)))."
            )
            if !made.removed.isEmpty {
                out.line(
                    "Removed \(plural(made.removed.count, "older archive")) to keep the newest \(context.config.backup.keep) (backup.keep): \(made.removed.map(\.name).joined(separator: ", "))."
                )
            }
        }

        /// Unpacks `path` into `--into` (the current folder by default).
        func restoreArchive(_ path: String, output: Output) throws {
            let folder = into ?? "."
            let files = try CompositionRoot.backupArchives().restore(path, into: folder)
            let root = URL(
                fileURLWithPath: folder, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            )
            .standardizedFileURL
            output.line(
                "Restored \(plural(files, "file")) from \(TerminalText.oneLine(path)) into \(TerminalText.oneLine(root.path))."
            )
        }

        /// `--list [--json]`.
        func printList(_ archives: [BackupArchive], _ context: CommandContext) throws {
            if json {
                return try context.output.json(
                    archives.map {
                        BackupJSON(
                            name: $0.name, path: $0.path, bytes: Int($0.bytes),
                            created: BackupName.moment(of: $0.name, in: context.timeZone).map {
                                VaultDate.isoString($0, in: context.timeZone)
                            })
                    })
            }
            guard !archives.isEmpty else {
                return context.output.line("No backups of this vault yet; `vault backup` makes one.")
            }
            var table = Table()
            for archive in archives {
                let when =
                    BackupName.moment(of: archive.name, in: context.timeZone).map {
                        RelativeTime.describe($0, from: context.now, in: context.timeZone)
                    } ?? ""
                table.add([TerminalText.oneLine(archive.name), Self.size(archive.bytes), when])
            }
            context.output.line(table.render(width: context.output.width))
            context.output.line(
                context.output.style.dim(
                    "\(plural(archives.count, "archive")) in \(TerminalText.oneLine(URL(fileURLWithPath: archives[0].path).deletingLastPathComponent().path))"
                ))
        }

        /// `12 KB`, `3.4 MB`.
        static func size(_ bytes: Int64) -> String {
            if bytes < 1_000_000 { return "\(max(1, (bytes + 999) / 1_000)) KB" }
            let mb = Double(bytes) / 1_000_000
            return mb < 100 ? String(format: "%.1f MB", mb) : "\(Int(mb.rounded())) MB"
        }
    }
}

/// One archive in `vault backup --list --json`.
struct BackupJSON: Encodable {
    var name: String
    var path: String
    var bytes: Int
    /// When it was made (from its name), in the vault's zone.
    var created: String?
}
