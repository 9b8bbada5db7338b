import Foundation

/// A memory-palace itinerary as LociApp exchanges it: an ordered walk of
/// locations, each with a name, a description and a picture.
public struct LociItinerary: Sendable, Equatable {
    public var name: String
    public var description: String
    public var image: LociImage?
    /// In walking order (by `sequence`).
    public var locations: [LociLocation]

    public init(name: String, description: String, image: LociImage?, locations: [LociLocation]) {
        self.name = name
        self.description = description
        self.image = image
        self.locations = locations.sorted { $0.sequence < $1.sequence }
    }

    /// The bytes of every picture together.
    public var imageBytes: Int { (image?.bytes.count ?? 0) + locations.reduce(0) { $0 + ($1.image?.bytes.count ?? 0) } }
}

/// One stop of the walk.
public struct LociLocation: Sendable, Equatable {
    /// Its place in the walk: a positive whole number, unique in the itinerary.
    public var sequence: Int
    public var name: String
    public var description: String
    public var image: LociImage?

    public init(sequence: Int, name: String, description: String, image: LociImage?) {
        self.sequence = sequence
        self.name = name
        self.description = description
        self.image = image
    }
}

/// A picture's bytes and the type they show (not the type a data URI claims).
public struct LociImage: Sendable, Equatable {
    public var bytes: Data
    public var kind: Kind

    /// The picture types an itinerary may hold, told by their first bytes.
    public enum Kind: String, Sendable, CaseIterable {
        case png, jpeg, gif, webp

        /// The file name extension.
        public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
        /// The MIME type, for data URIs.
        public var mimeType: String { "image/\(rawValue)" }

        /// The type `bytes` start with (PNG, JPEG, GIF or WebP magic), if any.
        public static func sniff(_ bytes: Data) -> Kind? {
            let head = [UInt8](bytes.prefix(12))
            if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
            if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
            if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
            if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
                return .webp
            }
            return nil
        }

        /// The type a file name's extension names.
        public init?(fileExtension: String) {
            switch fileExtension.lowercased() {
            case "png": self = .png
            case "jpg", "jpeg": self = .jpeg
            case "gif": self = .gif
            case "webp": self = .webp
            default: return nil
            }
        }
    }

    public init(bytes: Data, kind: Kind) {
        self.bytes = bytes
        self.kind = kind
    }

    /// `data:image/png;base64,…`, as LociApp writes pictures.
    public var dataURI: String { "data:\(kind.mimeType);base64,\(bytes.base64EncodedString())" }

    /// Width and height in pixels, where the header tells them cheaply (PNG, GIF).
    public var pixelSize: (width: Int, height: Int)? {
        let b = [UInt8](bytes.prefix(32))
        func be32(_ i: Int) -> Int { b.count >= i + 4 ? Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) : 0 }
        func le16(_ i: Int) -> Int { b.count >= i + 2 ? Int(b[i]) | Int(b[i + 1]) << 8 : 0 }
        switch kind {
        case .png where b.count >= 24: return (be32(16), be32(20))
        case .gif where b.count >= 10: return (le16(6), le16(8))
        default: return nil
        }
    }
}
