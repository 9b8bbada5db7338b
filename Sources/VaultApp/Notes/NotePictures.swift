import Foundation
import VaultCore

/// The pictures a note embeds (`![[door.png]]`, `![alt](figures/x.png)`),
/// each as written and the vault file it names (resolved as Obsidian
/// resolves embeds, ``CardPictures``): what `vault show` draws.
public enum NotePictures {
    /// One picture: the reference as written, and its vault-relative path.
    public struct Picture: Equatable, Sendable {
        public var reference: String
        public var path: String
    }

    /// The pictures `text` (the note at `path`'s body) embeds that name a file of the vault, in order, each once.
    public static func pictures(in text: String, ofNoteAt path: String, context: AppContext) -> [Picture] {
        var attachments: [String]?
        var seen = Set<String>()
        return CardPictures.references(in: text).compactMap { reference in
            guard
                let file = CardPictures.resolve(
                    reference, notePath: path, exists: context.files.exists,
                    attachments: {
                        if attachments == nil { attachments = context.files.attachments() }
                        return attachments!
                    }), seen.insert(file).inserted
            else { return nil }
            return Picture(reference: reference, path: file)
        }
    }
}
