import Foundation

/// Errors from reading and writing a vault on disk, worded for the person
/// at the keyboard: what went wrong, where, and what to do.
public enum VaultStoreError: LocalizedError, Equatable {
    case vaultNotFound(searchedFrom: String)
    case notAVault(String)
    case alreadyAVault(String)
    /// `vault init` in a folder inside another vault (`inside`) or around one.
    case nestedVault(String, other: String, inside: Bool)
    case unreadable(path: String, reason: String)
    case unwritable(path: String, reason: String)
    case badConfig(path: String, line: Int?, reason: String)
    case noteExists(String)
    case cannotAddID(path: String, reason: String)
    /// A note that is a symbolic link: vault never writes through one.
    case linkedNote(String)
    /// A ledger file or folder that is a symbolic link: never written through.
    case linkedLedger(String)
    /// A folder a new note would go into is a symbolic link: never written through.
    case linkedFolder(String)
    /// `vault check --fix` would have to delete a line it does not understand.
    case ledgerNotRepaired(path: String, reason: String)
    case notAGitRepository(String)
    case noGitRemote(String)
    case gitFailed(command: String, output: String)
    /// `vault sync` while git is in the middle of a merge, rebase or cherry-pick.
    case syncUnfinished(String)
    case syncEmptyRepository(String)
    case syncDetachedHead(String)
    /// `vault sync` would commit the deletion of many notes.
    case syncMassDeletion(deleted: Int, total: Int)
    /// A pull stopped in a conflict on these files (vault-relative).
    case syncConflict(files: [String])
    /// A vault-relative path that leads out of the vault (through `..` or a symbolic link).
    case outsideVault(path: String, reason: String)
    /// One of `.vault/`'s own folders is a symbolic link or not a folder.
    case linkedStateFolder(path: String, reason: String)
    /// A path that cannot go into a crontab line or a systemd unit.
    case unsafeForTimer(path: String, reason: String)
    /// `vault new`'s draft for the editor cannot be made (``DraftFiles``).
    case draftUnwritable(path: String, reason: String)
    /// A program a command needs is not installed (the program, the Debian package holding it).
    case missingProgram(String, package: String)
    /// tar could not write, read or unpack an archive (the archive, why).
    case archiveFailed(path: String, reason: String)
    /// `vault export pdf` found no engine to print with.
    case noPDFEngine
    /// `vault export pdf`: the engine printed nothing (why).
    case pdfFailed(String)
    /// `vault export pdf` found no pdfunite or pdfinfo (poppler-utils) to join and read the parts.
    case pdfJoinerMissing

    public var errorDescription: String? {
        switch self {
        case .vaultNotFound(let start):
            return
                "no vault found in \(start) or any folder above it; run `vault init` there, pass --vault DIR, or set VAULT_DIR."
        case .nestedVault(let path, let other, let inside):
            return inside
                ? "\(path) is inside the vault at \(other); a vault there would make its notes belong to two vaults. Use that vault, or give --force to make a separate vault inside it (the outer vault then leaves this folder out)."
                : "\(path) holds the vault at \(other); a vault here would take in its notes too. Use that vault, or give --force to make a vault around it (which then leaves that folder out)."
        case .notAVault(let path):
            return "\(path) is not a vault (it has no .vault/ folder); run `vault init \(path)` first."
        case .alreadyAVault(let path):
            return "\(path) is already a vault (it has .vault/config.yml); nothing was changed."
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason)."
        case .unwritable(let path, let reason):
            return "cannot write \(path): \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason)."
        case .badConfig(let path, let line, let reason):
            let place = line.map { "\(path):\($0)" } ?? path
            return "\(place): \(reason)"
        case .ledgerNotRepaired(let path, let reason):
            return "\(path): nothing was repaired: \(reason)."
        case .linkedFolder(let path):
            return
                "\(path) is a symbolic link, and vault never writes a note through a link (it could lead out of the vault); change new_note_path in .vault/config.yml, or replace the link with a folder. Nothing was written."
        case .linkedLedger(let path):
            return
                "\(path) is a symbolic link, and vault never writes the ledger through a link (it could lead out of the vault); replace the link with the file or folder it points to. Nothing was written."
        case .linkedNote(let path):
            return
                "\(path) is a symbolic link, and vault never writes through a link; replace the link by the note itself (or give the note an `id:` by hand) and try again."
        case .cannotAddID(let path, let reason):
            return
                "\(path): \(reason); the note needs an id before the ledger can name it. Add 'id: <uuid>' to its front matter by hand."
        case .notAGitRepository(let path):
            return "\(path) is not in a git repository; run `git init` there and add a remote before `vault sync`."
        case .noGitRemote(let path):
            return "the git repository of \(path) has no remote; add one with `git remote add origin URL`."
        case .syncUnfinished(let path):
            return
                "git is in the middle of a merge or rebase in \(path); finish it (`git status` says how) or abort it (`git merge --abort`, `git rebase --abort`), then run `vault sync` again."
        case .syncEmptyRepository(let path):
            return
                "the git repository of \(path) has no commit yet and the vault has nothing to commit; add a note (or check .gitignore), then run `vault sync`."
        case .syncDetachedHead(let path):
            return
                "git's HEAD in \(path) is detached (on no branch); check out a branch (`git switch main`) before `vault sync`."
        case .syncMassDeletion(let deleted, let total):
            return
                "the commit would delete \(deleted) of \(total) notes, which looks like an accident (a partial checkout, a moved folder); see `vault sync --dry-run`, and give --yes if it is meant."
        case .syncConflict(let files):
            return
                "the pull stopped in a conflict in \(files.joined(separator: ", ")): both machines edited them. Your notes are as git left them, with conflict markers. Edit each to keep what you want, then `git add` it and `git commit --no-edit` and run `vault sync` again; or `git merge --abort` to go back to how they were before the pull."
        case .gitFailed(let command, let output):
            return "`\(command)` failed: \(output.trimmingCharacters(in: .whitespacesAndNewlines))"
        case .noteExists(let path):
            return "\(path) already exists; choose another title or path."
        case .outsideVault(let path, let reason):
            return
                "\(String(reflecting: path)) leads out of the vault: \(reason). vault reads and writes only inside the vault's folder; nothing was read or written there."
        case .linkedStateFolder(let path, let reason):
            return
                "\(path) \(reason), so what vault keeps there would go elsewhere; run `vault check --fix` to make it a folder of the vault's own. Nothing was written."
        case .unsafeForTimer(let path, let reason):
            return
                "\(String(reflecting: path)) cannot go into a crontab line or a systemd unit: \(reason). Move or rename it to a path without one; nothing was written."
        case .draftUnwritable(let path, let reason):
            return
                "cannot make the file to edit the new note in (\(path)): \(reason); set TMPDIR to a folder you can write, or give the note's text as an argument."
        case .missingProgram(let program, let package):
            return "\(program) is not installed; install it (Debian: `sudo apt-get install \(package)`) and run the command again."
        case .archiveFailed(let path, let reason):
            return "\(path): \(reason). Nothing was written."
        case .noPDFEngine:
            return
                "vault export pdf prints through Chromium, and none is installed (chromium, chromium-browser or google-chrome on PATH); install it (Debian: `sudo apt-get install chromium`). Nothing was written."
        case .pdfJoinerMissing:
            return
                "vault export pdf joins its parts with pdfunite and reads them with pdfinfo, and they are not installed; install them (Debian: `sudo apt-get install poppler-utils`). Nothing was written."
        case .pdfFailed(let reason):
            return "the PDF could not be printed: \(reason). Nothing was written."
        }
    }
}

/// A readable text for the C `errno` value.
func errnoDescription(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
}

extension VaultStoreError {
    /// Why a file operation failed, as the end of a sentence: the system's
    /// words for the POSIX error underneath Foundation's (never "The
    /// operation could not be completed. (NSCocoaErrorDomain error 512.)"),
    /// with no period of its own.
    public static func reason(of error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return errnoDescription(Int32(underlying.code))
        }
        if ns.domain == NSPOSIXErrorDomain { return errnoDescription(Int32(ns.code)) }
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return errnoDescription(ENOENT)
            case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return errnoDescription(EACCES)
            case NSFileWriteFileExistsError: return errnoDescription(EEXIST)
            case NSFileWriteOutOfSpaceError: return errnoDescription(ENOSPC)
            case NSFileWriteVolumeReadOnlyError: return errnoDescription(EROFS)
            case NSFileWriteUnknownError:
                // What Foundation does not say: usually a part of the path is a file, not a folder.
                if let path = ns.userInfo[NSFilePathErrorKey] as? String ?? ns.userInfo["NSFilePath"] as? String {
                    var ancestor = URL(fileURLWithPath: path).deletingLastPathComponent()
                    while ancestor.path != "/", !FileManager.default.fileExists(atPath: ancestor.path) {
                        ancestor = ancestor.deletingLastPathComponent()
                    }
                    var isFolder: ObjCBool = false
                    if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isFolder), !isFolder.boolValue {
                        return "\(ancestor.path) is not a folder"
                    }
                    if !FileManager.default.isWritableFile(atPath: ancestor.path) { return errnoDescription(EACCES) }
                }
                return "the file system refused to write it"
            case NSFileReadCorruptFileError: return "the file is damaged or not in the expected format"
            case NSFileReadInapplicableStringEncodingError: return "the file is not UTF-8 text"
            default: break
            }
        }
        var text = ns.localizedDescription
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
