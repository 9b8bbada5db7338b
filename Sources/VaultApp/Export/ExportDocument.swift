import Foundation
import VaultCore

/// What `vault import json` reads of a `vault export json` document
/// (docs/FORMAT.md, "Export"): each note's path, id and bytes, the vault's
/// own files and the attachments' names. Everything else the document holds
/// (derived state, cards, the events as objects) is derived again from these.
public struct ExportDocument: Sendable {
    /// A file carried byte for byte: a note or one of the vault's own files.
    public struct File: Sendable, Equatable {
        public var path: String
        /// The note's id, when it has one (null for a vault file).
        public var id: String?
        public var bytes: Data
    }

    /// The format version (1).
    public var version: Int
    /// The exported vault's folder name.
    public var vault: String
    public var notes: [File]
    /// `.vault/config.yml`, the ledger's files, … (``VaultRecordPath``).
    public var vaultFiles: [File]
    public var attachments: [String]

    /// The largest document read: far beyond a vault of 100,000 notes.
    public static let sizeLimit = 2 << 30

    /// Reads `data`, the document at `path` (named in errors).
    /// - Throws: ``AppError/badExport(path:reason:)`` when it is not an export this
    ///   version reads (not JSON, another version, no note text), or a file's bytes do not decode.
    public static func read(_ data: Data, path: String) throws -> ExportDocument {
        guard data.count <= sizeLimit else {
            throw AppError.badExport(path: path, reason: "it is over 2 GB, larger than any export")
        }
        let raw: Raw
        do {
            raw = try JSONDecoder().decode(Raw.self, from: data)
        } catch let error as DecodingError {
            throw AppError.badExport(path: path, reason: Self.describe(error))
        } catch {
            throw AppError.badExport(path: path, reason: "it is not JSON (\(error.localizedDescription))")
        }
        guard raw.version == 1 else {
            throw AppError.badExport(
                path: path,
                reason: "it is version \(raw.version) of the export, and this vault reads version 1; update vault")
        }
        guard let files = raw.vaultFiles else {
            throw AppError.badExport(
                path: path,
                reason:
                    "it holds no vault_files: it was written by an older vault that did not carry the notes' text; export it again with this one"
            )
        }
        func bytes(_ text: String?, _ base64: String?, _ what: String) throws -> Data {
            if let text { return Data(text.utf8) }
            if let base64, let data = Data(base64Encoded: base64) { return data }
            throw AppError.badExport(path: path, reason: "\(what) has neither text nor text_base64 that decodes")
        }
        return ExportDocument(
            version: raw.version, vault: raw.vault ?? "",
            notes: try raw.notes.map {
                File(path: $0.path, id: $0.id, bytes: try bytes($0.text, $0.textBase64, "the note \($0.path)"))
            },
            vaultFiles: try files.map {
                File(path: $0.path, id: nil, bytes: try bytes($0.text, $0.textBase64, $0.path))
            },
            attachments: raw.attachments ?? [])
    }

    /// A decoding error as the end of a sentence, naming where in the document.
    static func describe(_ error: DecodingError) -> String {
        func at(_ path: [CodingKey]) -> String {
            path.isEmpty
                ? "at its top" : "at " + path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "it lacks '\(key.stringValue)' \(at(context.codingPath)), so it is not a vault export"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "its value \(at(context.codingPath)) is not what an export holds"
        case .dataCorrupted(let context):
            return "it is not JSON that reads (\(context.debugDescription))"
        @unknown default:
            return "it does not read as a vault export"
        }
    }

    /// The document's shape, as far as an import reads it.
    struct Raw: Decodable {
        struct Note: Decodable {
            var path: String
            var id: String?
            var text: String?
            var textBase64: String?
            enum CodingKeys: String, CodingKey {
                case path, id, text
                case textBase64 = "text_base64"
            }
        }
        struct FileRaw: Decodable {
            var path: String
            var text: String?
            var textBase64: String?
            enum CodingKeys: String, CodingKey {
                case path, text
                case textBase64 = "text_base64"
            }
        }
        var version: Int
        var vault: String?
        var notes: [Note]
        var vaultFiles: [FileRaw]?
        var attachments: [String]?
        enum CodingKeys: String, CodingKey {
            case version, vault, notes, attachments
            case vaultFiles = "vault_files"
        }
    }
}
