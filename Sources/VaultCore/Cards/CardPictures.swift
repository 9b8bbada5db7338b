/// The pictures of a card: the images embedded in the lines of its paragraph
/// (`![[diagram.png]]`, `![[diagram.png|300]]`, `![alt](figures/diagram.png)`),
/// which the card's text leaves out and the study screen draws.
public enum CardPictures {
    /// File extensions drawn as pictures.
    public static let extensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "bmp"]

    /// The picture references in `text`, in order, as written (without `|size` or a title).
    public static func references(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let bang = rest.firstIndex(of: "!") {
            let after = rest[rest.index(after: bang)...]
            if after.hasPrefix("[["), let close = after.range(of: "]]") {
                let inner = after[after.index(after.startIndex, offsetBy: 2)..<close.lowerBound]
                found.append(String(inner.split(separator: "|", maxSplits: 1).first ?? inner).trimmingSpaces())
                rest = after[close.upperBound...]
            } else if after.hasPrefix("["), let mid = after.range(of: "]("),
                let close = after[mid.upperBound...].firstIndex(of: ")")
            {
                let destination = after[mid.upperBound..<close]
                // CommonMark's `<…>` destination (`![Garage](<05 garage.png>)`) holds spaces as they are.
                let target =
                    destination.hasPrefix("<") && destination.hasSuffix(">")
                    ? String(destination.dropFirst().dropLast())
                    : destination.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
                found.append(target.replacingOccurrences(of: "%20", with: " "))
                rest = after[after.index(after: close)...]
            } else {
                rest = after
            }
        }
        return found.filter { ref in
            guard let dot = ref.lastIndex(of: ".") else { return false }
            return extensions.contains(ref[ref.index(after: dot)...].lowercased())
        }
    }

    /// The vault-relative path `reference` names from the note at `notePath`, as Obsidian resolves
    /// embeds: a path from the note's folder, a path from the vault's root, else the attachment of that name.
    public static func resolve(
        _ reference: String, notePath: String, exists: (String) -> Bool, attachments: () -> [String]
    )
        -> String?
    {
        guard !reference.contains("://") else { return nil }
        let folder = notePath.split(separator: "/").dropLast().joined(separator: "/")
        let fromNote = (folder.isEmpty ? reference : folder + "/" + reference)
        if case .success(let path) = VaultPath.normalized(fromNote), !path.isEmpty, exists(path) { return path }
        if case .success(let path) = VaultPath.normalized(reference), !path.isEmpty, exists(path) { return path }
        let name = reference.split(separator: "/").last.map(String.init) ?? reference
        return attachments().first { $0 == name || $0.hasSuffix("/" + name) }
    }
}

/// The sounds of a card: the audio files its paragraph names (`[sound:x.mp3]`
/// as Anki writes it, `![[x.mp3]]`, `[[x.mp3]]`, `[x](<x.mp3>)` as `vault
/// import anki` writes it), which a web page plays in an `<audio>` element.
/// Resolved as pictures are (``CardPictures/resolve(_:notePath:exists:attachments:)``).
public enum CardSounds {
    /// File extensions played as sounds.
    public static let extensions: Set<String> = ["mp3", "ogg", "oga", "opus", "wav", "m4a", "aac", "flac"]

    /// The audio references in `text`, in order, as written (without `|…`, `<…>` or a title), each once.
    public static func references(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "[") {
            let after = rest[rest.index(after: open)...]
            if after.hasPrefix("sound:"), let close = after.firstIndex(of: "]") {
                found.append(String(after[after.index(after.startIndex, offsetBy: 6)..<close]).trimmingSpaces())
                rest = after[close...]
            } else if after.hasPrefix("["), let close = after.range(of: "]]") {
                let inner = after[after.index(after: after.startIndex)..<close.lowerBound]
                found.append(String(inner.split(separator: "|", maxSplits: 1).first ?? inner).trimmingSpaces())
                rest = after[close.upperBound...]
            } else if let mid = after.range(of: "]("), !after[..<mid.lowerBound].contains("\n"),
                let close = after[mid.upperBound...].firstIndex(of: ")")
            {
                var target = after[mid.upperBound..<close].trimmingSpaces()
                if target.hasPrefix("<"), let end = target.firstIndex(of: ">") {
                    target = String(target[target.index(after: target.startIndex)..<end])
                } else {
                    target = target.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
                }
                found.append(target.replacingOccurrences(of: "%20", with: " "))
                rest = after[after.index(after: close)...]
            } else {
                rest = after
            }
        }
        var seen = Set<String>()
        return found.filter { ref in
            guard let dot = ref.lastIndex(of: "."), extensions.contains(ref[ref.index(after: dot)...].lowercased()) else {
                return false
            }
            return seen.insert(ref).inserted
        }
    }
}
