import Foundation
import VaultApp
import VaultCore
import VaultProcess

/// `vault lsp`'s server: reads messages' contents, answers, and says what
/// to write back. It does no I/O of its own (``StdioLoop`` reads and writes
/// the pipes), so the protocol and every handler are tested in-process.
///
/// The lifecycle is LSP 3.17's: before `initialize` every request is
/// answered with -32002 and notifications are dropped (`exit` excepted);
/// after `shutdown` every request is answered with -32600; `exit` ends
/// the loop, with 0 after a `shutdown` and 1 without. An unknown request
/// is answered with -32601 and an unknown notification (or a `$/` one) is
/// dropped. Content that is not JSON is answered with -32700 and a null
/// id; nothing a client sends ends the server but `exit`.
public final class LanguageServer {
    /// Opens the vault that holds `folder` (the workspace's root, nil when
    /// the client names none: the composition root's default).
    public typealias Opener = (_ folder: String?) throws -> AppContext

    enum Phase { case starting, running, shutDown }

    private let opener: Opener
    private var phase = Phase.starting
    /// The vault, from `initialize` on.
    public private(set) var workspace: VaultWorkspace?
    /// Paths whose diagnostics are to be published when the input is idle.
    private var pendingDiagnostics: Set<String> = []
    /// True when the client can watch files for the server (it is asked to after `initialized`).
    private var watchesFiles = false
    /// The exit code once `exit` came; the loop ends then.
    public private(set) var exitCode: Int32?

    public init(opener: @escaping Opener) { self.opener = opener }

    /// Answers a batch of messages read together: a request whose
    /// `$/cancelRequest` is in the same batch is answered with -32800
    /// without being run (a request already answered cannot be cancelled:
    /// the server answers one at a time, in order).
    /// - Returns: the contents to write, in order.
    public func receive(_ contents: [[UInt8]]) -> [[UInt8]] {
        var messages: [Result<RPCMessage, RPCError>] = contents.map { content in
            Result { try RPCMessage.read(content) }.mapError {
                $0 as? RPCError ?? RPCError(RPCError.parseError, "\($0)")
            }
        }
        var cancelled: Set<JSONValue> = []
        for case .success(let message) in messages where message.method == "$/cancelRequest" {
            if let id = message.params?["id"] { cancelled.insert(id) }
        }
        var out: [[UInt8]] = []
        for index in messages.indices {
            guard exitCode == nil else { break }
            switch messages[index] {
            case .failure(let error): out.append(RPCOutgoing.error(id: nil, error))
            case .success(let message):
                if message.isRequest, let id = message.id, cancelled.contains(id) {
                    out.append(
                        RPCOutgoing.error(id: id, RPCError(RPCError.requestCancelled, "the request was cancelled")))
                } else {
                    out += handle(message)
                }
            }
            messages[index] = .failure(RPCError(0, ""))  // let the batch's values go as it is answered
        }
        return out
    }

    /// Answers one message.
    public func handle(_ message: RPCMessage) -> [[UInt8]] {
        guard let method = message.method else {
            // A response to a request of ours: an edit writing an answer back, when the client refused it.
            return respond(message)
        }
        if method == "exit" {
            exitCode = phase == .shutDown ? 0 : 1
            return []
        }
        guard let id = message.id else {
            guard phase == .running else { return [] }
            if method == "initialized", watchesFiles {
                // Ask the client to say when notes or the ledger change outside the editor.
                let watchers: JSONValue = .array([
                    .object(["globPattern": .string("**/*.md")]),
                    .object(["globPattern": .string("**/.vault/ledger/*")]),
                ])
                return [
                    RPCOutgoing.request(
                        id: .string("vault-watch"), "client/registerCapability",
                        JSONValue.object([
                            "registrations": .array([
                                .object([
                                    "id": .string("vault-watch"), "method": .string("workspace/didChangeWatchedFiles"),
                                    "registerOptions": .object(["watchers": watchers]),
                                ])
                            ])
                        ]))
                ]
            }
            notify(method, message.params)
            return []
        }
        switch (phase, method) {
        case (.starting, "initialize"): break
        case (.starting, _):
            return [RPCOutgoing.error(id: id, RPCError(RPCError.serverNotInitialized, "the server is not initialized"))]
        case (.shutDown, _):
            return [RPCOutgoing.error(id: id, RPCError(RPCError.invalidRequest, "the server is shut down"))]
        case (.running, "initialize"):
            return [RPCOutgoing.error(id: id, RPCError(RPCError.invalidRequest, "the server is already initialized"))]
        default: break
        }
        do {
            if method == "workspace/executeCommand", let workspace,
                message.params?["command"]?.string == CardAnswers.command
            {
                return try answerCard(id: id, params: message.params ?? .null, workspace: workspace)
            }
            return [try answer(method, id: id, params: message.params)]
        } catch let error as RPCError {
            return [RPCOutgoing.error(id: id, error)]
        } catch {
            return [RPCOutgoing.error(id: id, RPCError(RPCError.requestFailed, VaultLSPError.describe(error)))]
        }
    }

    /// `vault.answer`: the answer recorded; the edit that writes it back into the open buffer
    /// sent to the client first (`workspace/applyEdit`, kept until the client says whether it
    /// applied it), then the command's result; a write-back that failed is shown.
    private func answerCard(id: JSONValue, params: JSONValue, workspace: VaultWorkspace) throws -> [[UInt8]] {
        let answered = try CardAnswers.execute(
            params["arguments"]?.array ?? [], edits: clientAppliesEdits, workspace: workspace)
        let result = RPCOutgoing.result(id: id, answered.message)
        guard let edit = answered.edit else {
            return [result] + (answered.written.flatMap(ObsidianSRWriteBack.describe).map { [Self.warning($0)] } ?? [])
        }
        editsSent += 1
        let editID = JSONValue.string("vault-answer-\(editsSent)")
        pendingWriteBacks[editID] = answered
        let params: JSONValue = .object([
            "label": .string("Write the card's schedule back"), "edit": JSONValue.encoding(edit),
        ])
        return [RPCOutgoing.request(id: editID, "workspace/applyEdit", params), result]
    }

    /// A response from the client: for an answer's edit it refused (or failed), the answer is
    /// written into the file instead, as the terminal writes it.
    private func respond(_ message: RPCMessage) -> [[UInt8]] {
        guard let id = message.id, let answered = pendingWriteBacks.removeValue(forKey: id), let workspace else {
            return []
        }
        guard message.result?["applied"]?.bool != true else { return [] }
        let outcome = CardAnswers.writeFile(answered, workspace: workspace)
        return ObsidianSRWriteBack.describe(outcome).map { [Self.warning($0)] } ?? []
    }

    /// A `window/showMessage` warning.
    static func warning(_ text: String) -> [UInt8] {
        RPCOutgoing.notification(
            "window/showMessage", JSONValue.object(["type": .number(2), "message": .string(text)]))
    }

    /// True when the client applies workspace edits the server sends (`workspace.applyEdit`).
    private var clientAppliesEdits = false
    /// The answers whose edit was sent, by the request's id, until the client answers.
    private var pendingWriteBacks: [JSONValue: CardAnswers.Answered] = [:]
    /// How many edits were sent (their requests' ids).
    private var editsSent = 0

    /// The notifications to send now that the input is idle: the
    /// diagnostics of the notes changed since (a burst of edits is checked
    /// once), and after a save `vault check`'s problems in every other file.
    public func idle() -> [[UInt8]] {
        guard let workspace else { return [] }
        var out: [[UInt8]] = []
        if pendingVaultCheck {
            pendingVaultCheck = false
            let open = Set(workspace.documents.paths)
            var byPath: [String: [LSPDiagnostic]] = [:]
            for problem in VaultCheck(workspace.app).problems().problems
            where !problem.path.isEmpty && !open.contains(problem.path) {
                byPath[problem.path, default: []].append(FileDiagnostics.lsp(problem, range: nil, lineText: nil))
            }
            for path in vaultPublished.subtracting(byPath.keys).subtracting(open) { byPath[path] = [] }
            vaultPublished = Set(byPath.keys.filter { !(byPath[$0]?.isEmpty ?? true) })
            FreedMemory.returnToSystem()  // the check read every note
            for path in byPath.keys.sorted() {
                out.append(
                    RPCOutgoing.notification(
                        "textDocument/publishDiagnostics",
                        PublishDiagnosticsParams(
                            uri: workspace.uri(of: path), version: nil,
                            diagnostics: FileDiagnostics.capped(byPath[path] ?? [], total: byPath[path]?.count ?? 0))))
            }
        }
        for path in pendingClears.sorted() where workspace.documents[path] == nil {
            out.append(
                RPCOutgoing.notification(
                    "textDocument/publishDiagnostics",
                    PublishDiagnosticsParams(uri: workspace.uri(of: path), version: nil, diagnostics: [])))
        }
        pendingClears = []
        let paths = pendingDiagnostics.sorted()
        pendingDiagnostics = []
        return out
            + paths.map { path in
                RPCOutgoing.notification(
                    "textDocument/publishDiagnostics",
                    PublishDiagnosticsParams(
                        uri: workspace.uri(of: path), version: workspace.documents[path]?.version,
                        diagnostics: FileDiagnostics.lsp(of: path, in: workspace)))
            }
    }

    /// True when diagnostics wait for the input to be idle.
    public var hasPendingWork: Bool { !pendingDiagnostics.isEmpty || pendingVaultCheck || !pendingClears.isEmpty }
    /// Notes closed since: their diagnostics are cleared.
    private var pendingClears: Set<String> = []
    /// True when a save asks for the whole vault's check.
    private var pendingVaultCheck = false
    /// The files outside the editor whose problems were published (cleared when they are gone).
    private var vaultPublished: Set<String> = []

    // MARK: Requests

    private func answer(_ method: String, id: JSONValue, params: JSONValue?) throws -> [UInt8] {
        switch method {
        case "initialize":
            let folder = Self.workspaceFolder(params)
            clientAppliesEdits = params?["capabilities"]?["workspace"]?["applyEdit"]?.bool == true
            watchesFiles =
                params?["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool == true
            let context: AppContext
            do { context = try opener(folder) } catch {
                throw RPCError(RPCError.requestFailed, VaultLSPError.describe(error))
            }
            let opener = self.opener
            workspace = VaultWorkspace(context: context) { (try? opener(folder))?.ledger }
            phase = .running
            return RPCOutgoing.result(id: id, ServerCapabilities.initializeResult)
        case "shutdown":
            phase = .shutDown
            return RPCOutgoing.result(id: id, JSONValue.null)
        default:
            guard let workspace else { throw RPCError(RPCError.serverNotInitialized, "the server is not initialized") }
            guard let handler = Self.requests[method] else {
                throw RPCError(RPCError.methodNotFound, "unknown method \(method)")
            }
            let answer = RPCOutgoing.result(id: id, try handler(workspace, params ?? .null))
            if Self.readingManyNotes.contains(method) { FreedMemory.returnToSystem() }
            return answer
        }
    }

    /// The requests that may read many notes (and, without a watcher, scan
    /// every file to freshen the search cache): what they freed is handed
    /// back to the system after each (``FreedMemory``).
    static let readingManyNotes: Set<String> = [
        "textDocument/references", "textDocument/rename", "workspace/willRenameFiles",
    ]

    /// The workspace folder `initialize` names: the first of `workspaceFolders`, else `rootUri`, else `rootPath`.
    static func workspaceFolder(_ params: JSONValue?) -> String? {
        if let first = params?["workspaceFolders"]?.array?.first?["uri"]?.string, let url = URL(string: first),
            url.isFileURL
        {
            return url.path
        }
        if let root = params?["rootUri"]?.string, let url = URL(string: root), url.isFileURL { return url.path }
        return params?["rootPath"]?.string
    }

    typealias RequestHandler = @Sendable (VaultWorkspace, JSONValue) throws -> any Encodable

    /// The requests answered, by method.
    static let requests: [String: RequestHandler] = [
        "textDocument/definition": { workspace, params in
            let request = try positionParams(params, workspace)
            return Definition.locations(at: request.position, in: request.path, workspace: workspace)
        },
        "textDocument/completion": { workspace, params in
            let request = try positionParams(params, workspace)
            return Completion.list(at: request.position, in: request.path, workspace: workspace)
        },
        "textDocument/hover": { workspace, params in
            let request = try positionParams(params, workspace)
            return HoverInfo.hover(at: request.position, in: request.path, workspace: workspace)
        },
        "textDocument/references": { workspace, params in
            let request = try positionParams(params, workspace)
            return References.locations(
                at: request.position, in: request.path,
                includeDeclaration: params["context"]?["includeDeclaration"]?.bool ?? false, workspace: workspace)
        },
        "textDocument/documentSymbol": { workspace, params in
            guard let uri = params["textDocument"]?["uri"]?.string, let path = workspace.path(of: uri) else {
                throw RPCError.invalidParams("expected a text document of the vault")
            }
            return Symbols.document(path, workspace: workspace)
        },
        "textDocument/rename": { workspace, params in
            let request = try positionParams(params, workspace)
            guard let name = params["newName"]?.string else { throw RPCError.invalidParams("expected newName") }
            return try Rename.edit(at: request.position, in: request.path, newName: name, workspace: workspace)
        },
        "workspace/willRenameFiles": { workspace, params in
            let files = (params["files"]?.array ?? []).compactMap { file -> (String, String)? in
                guard let old = file["oldUri"]?.string.flatMap(workspace.path(of:)),
                    let new = file["newUri"]?.string.flatMap(workspace.path(of:))
                else { return nil }
                return (old, new)
            }
            return try Rename.willRename(files, workspace: workspace)
        },
        "textDocument/codeAction": { workspace, params in
            guard let uri = params["textDocument"]?["uri"]?.string, let path = workspace.path(of: uri),
                let range = try? params["range"]?.decode(Range.self)
            else { throw RPCError.invalidParams("expected a text document of the vault and a range") }
            return CodeActions.actions(for: range, in: path, workspace: workspace)
        },
        "workspace/executeCommand": { workspace, params in
            // `vault.answer` may send an edit first: ``answerCard(id:params:workspace:)`` answers it.
            guard params["command"]?.string == CodeActions.curate else {
                throw RPCError.invalidParams("unknown command \(params["command"]?.string ?? "")")
            }
            return try CodeActions.execute(params["arguments"]?.array ?? [], workspace: workspace)
        },
        "workspace/symbol": { workspace, params in
            Symbols.workspace(params["query"]?.string ?? "", workspace: workspace)
        },
    ]

    /// A position request's note path and position.
    static func positionParams(_ params: JSONValue, _ workspace: VaultWorkspace) throws -> (
        path: String, position: Position
    ) {
        let decoded: TextDocumentPositionParams
        do { decoded = try params.decode(TextDocumentPositionParams.self) } catch {
            throw RPCError.invalidParams("expected a text document and a position")
        }
        guard let path = workspace.path(of: decoded.textDocument.uri) else {
            throw RPCError.invalidParams("\(decoded.textDocument.uri) is not a file of the vault at \(workspace.root)")
        }
        // A position before the document is read as its start (3.17 leaves it undefined; never a crash).
        return (path, Position(line: max(decoded.position.line, 0), character: max(decoded.position.character, 0)))
    }

    // MARK: Notifications

    private func notify(_ method: String, _ params: JSONValue?) {
        guard let workspace, let params else { return }
        let uri = params["textDocument"]?["uri"]?.string
        let path = uri.flatMap(workspace.path(of:))
        switch method {
        case "textDocument/didOpen":
            guard let path, let text = params["textDocument"]?["text"]?.string else { return }
            workspace.setBuffer(path, text: text, version: params["textDocument"]?["version"]?.int)
            pendingDiagnostics.insert(path)
        case "textDocument/didChange":
            // Full sync: the last change holds the whole text.
            guard let path, let text = params["contentChanges"]?.array?.last?["text"]?.string else { return }
            workspace.setBuffer(path, text: text, version: params["textDocument"]?["version"]?.int)
            pendingDiagnostics.insert(path)
        case "textDocument/didSave":
            guard let path else { return }
            workspace.fileChanged(path)
            pendingDiagnostics.formUnion(workspace.documents.paths)
            pendingVaultCheck = true
        case "textDocument/didClose":
            guard let path else { return }
            workspace.closeBuffer(path)
            // A closed note's problems go with it (`vault check` still lists them).
            pendingDiagnostics.remove(path)
            pendingClears.insert(path)
        case "workspace/didChangeWatchedFiles":
            for change in params["changes"]?.array ?? [] {
                guard let uri = change["uri"]?.string, let path = workspace.path(of: uri) else { continue }
                if path.hasPrefix(".vault/ledger") {
                    workspace.ledgerChanged()
                } else if path.hasSuffix(".md") {
                    workspace.fileChanged(path)
                }
            }
            pendingDiagnostics.formUnion(workspace.documents.paths)
        default: break  // `initialized`, `$/cancelRequest` of an answered request, `$/setTrace`…
        }
    }
}
