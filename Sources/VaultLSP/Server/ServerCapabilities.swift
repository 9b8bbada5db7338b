/// What the server says it can do, in `initialize`'s answer.
enum ServerCapabilities {
    static var initializeResult: JSONValue {
        .object([
            "capabilities": .object([
                "positionEncoding": .string("utf-16"),
                // Full text on every change (1): notes are small, and a full
                // text cannot drift from the editor's.
                "textDocumentSync": .object([
                    "openClose": .bool(true), "change": .number(1), "save": .object(["includeText": .bool(false)]),
                ]),
                "definitionProvider": .bool(true),
                "completionProvider": .object([
                    "triggerCharacters": .array(["[", "#", "|", ":", " "].map(JSONValue.string))
                ]),
                "hoverProvider": .bool(true),
                "referencesProvider": .bool(true),
                "documentSymbolProvider": .bool(true),
                "workspaceSymbolProvider": .bool(true),
                "renameProvider": .bool(true),
                "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix"), .string("source")])]),
                "executeCommandProvider": .object(["commands": .array([.string(CodeActions.curate), .string(CardAnswers.command)])]),
                "workspace": .object([
                    "fileOperations": .object([
                        "willRename": .object([
                            "filters": .array([.object(["pattern": .object(["glob": .string("**/*.md")])])])
                        ])
                    ])
                ]),
            ]),
            "serverInfo": .object(["name": .string("vault")]),
        ])
    }
}
