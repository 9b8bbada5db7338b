import Foundation

/// LociApp's JSON exchange format, read and written:
///
/// ```json
/// {"itineraries": [{"name": "…", "description": "…", "image": {"format": "base64", "data": "data:image/png;base64,…"},
///   "locations": [{"name": "…", "description": "…", "sequence": 1, "image": {…}}]}]}
/// ```
///
/// Reading checks everything before anything is written: every refusal
/// names the itinerary, the location and the field.
public enum LociAppFormat {
    /// The largest picture taken.
    public static let maximumImageBytes = 20 * 1024 * 1024
    /// The largest itinerary taken (its pictures together).
    public static let maximumItineraryBytes = 200 * 1024 * 1024
    /// The longest text field taken (a name or a description), in UTF-8 bytes:
    /// a description of hundreds of megabytes would make every later
    /// `vault status` read it (issue 34).
    public static let maximumTextBytes = 64 * 1024
    /// The most text an itinerary may hold, its fields together, in UTF-8 bytes.
    public static let maximumItineraryTextBytes = 16 * 1024 * 1024

    /// The names of the itineraries in `data`, in file order.
    /// - Throws: ``VaultCoreError/badItinerary(file:place:reason:)`` when `data` is not such a file.
    public static func names(in data: Data, file: String) throws -> [String] {
        try entries(in: data, file: file).enumerated().map { index, entry in
            try text(entry, "name", place: "itinerary \(index + 1)", file: file)
        }
    }

    /// The itinerary of `data` named `pick` (any case), or its only one.
    /// - Throws: ``VaultCoreError/badItinerary(file:place:reason:)`` for
    ///   anything wrong, and when `pick` is nil and the file holds several.
    public static func read(_ data: Data, file: String, pick: String?) throws -> LociItinerary {
        try read(document(data, file: file), pick: pick)
    }

    /// A file's JSON, parsed. An import lets the file's bytes go before the
    /// pictures are decoded, so it never holds the bytes, the parsed text
    /// and the pictures at once.
    public struct Document {
        let file: String
        let entries: [[String: LociJSONValue]]
    }

    /// Parses `data` (the file `file`).
    /// - Throws: ``VaultCoreError/badItinerary(file:place:reason:)`` when it is not JSON or holds no itineraries.
    public static func document(_ data: Data, file: String) throws -> Document {
        Document(file: file, entries: try entries(in: data, file: file))
    }

    /// The itinerary of `document` named `pick` (any case), or its only one.
    /// - Throws: ``VaultCoreError/badItinerary(file:place:reason:)`` for anything wrong.
    public static func read(_ document: Document, pick: String?) throws -> LociItinerary {
        let (all, file) = (document.entries, document.file)
        let names = try all.enumerated().map { index, entry in
            try text(entry, "name", place: "itinerary \(index + 1)", file: file)
        }
        let index: Int
        if let pick {
            guard let found = names.firstIndex(where: { $0.lowercased() == pick.lowercased() }) else {
                throw VaultCoreError.badItinerary(
                    file: file, place: "",
                    reason: "no itinerary is named '\(pick)'; the file holds \(list(names)).")
            }
            index = found
        } else {
            guard names.count == 1 else {
                throw VaultCoreError.badItinerary(
                    file: file, place: "",
                    reason: "the file holds \(names.count) itineraries (\(list(names))); pick one with --itinerary NAME.")
            }
            index = 0
        }
        return try itinerary(all[index], name: names[index], file: file)
    }

    /// `itinerary` as a LociApp file holding it alone (pictures as base64 data URIs).
    public static func write(_ itinerary: LociItinerary) -> Data {
        func image(_ picture: LociImage?) -> Any {
            guard let picture else { return NSNull() }
            return ["format": "base64", "data": picture.dataURI]
        }
        let document: [String: Any] = [
            "itineraries": [
                [
                    "name": itinerary.name, "description": itinerary.description, "image": image(itinerary.image),
                    "locations": itinerary.locations.map {
                        [
                            "name": $0.name, "description": $0.description, "sequence": $0.sequence,
                            "image": image($0.image),
                        ] as [String: Any]
                    },
                ] as [String: Any]
            ]
        ]
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return data + Data("\n".utf8)
    }

    // MARK: Reading

    private static func entries(in data: Data, file: String) throws -> [[String: LociJSONValue]] {
        let root: LociJSONValue
        do {
            root = try JSONDecoder().decode(LociJSONValue.self, from: data)
        } catch {
            // JSONDecoder does not say where; JSONSerialization does (only on this path).
            var place = ""
            do { _ = try JSONSerialization.jsonObject(with: data) } catch {
                place = position(of: (error as NSError).userInfo["NSDebugDescription"] as? String ?? "", in: data)
            }
            throw VaultCoreError.badItinerary(file: file, place: place, reason: "this is not valid JSON.")
        }
        guard let object = root.object, let list = object["itineraries"] else {
            throw VaultCoreError.badItinerary(file: file, place: "", reason: "the field 'itineraries' is missing.")
        }
        guard case .array(let items) = list, !items.isEmpty else {
            throw VaultCoreError.badItinerary(
                file: file, place: "", reason: "the field 'itineraries' must be a list of at least one itinerary.")
        }
        return try items.enumerated().map { index, item in
            guard let entry = item.object else {
                throw VaultCoreError.badItinerary(file: file, place: "itinerary \(index + 1)", reason: "it is not an object.")
            }
            return entry
        }
    }

    /// "line 3, column 7" from Foundation's "… around character 17." (a byte offset).
    static func position(of debug: String, in data: Data) -> String {
        guard let range = debug.range(of: "character "),
            let offset = Int(debug[range.upperBound...].prefix { $0.isNumber })
        else { return "" }
        var line = 1
        var column = 1
        for byte in data.prefix(offset) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return "line \(line), column \(column)"
    }

    private static func itinerary(_ entry: [String: LociJSONValue], name: String, file: String) throws -> LociItinerary {
        let place = "itinerary '\(name)'"
        try LociFileName.check(name, what: "name", place: place, file: file)
        let description = try optionalText(entry, "description", place: place, file: file)
        let cover = try image(entry["image"], place: place, field: "image", file: file)
        guard let list = entry["locations"] else {
            throw VaultCoreError.badItinerary(file: file, place: place, reason: "the field 'locations' is missing.")
        }
        guard case .array(let items) = list else {
            throw VaultCoreError.badItinerary(file: file, place: place, reason: "the field 'locations' must be a list.")
        }
        var total = cover?.bytes.count ?? 0
        var textTotal = description.utf8.count
        var seen: [Int: String] = [:]
        var locations: [LociLocation] = []
        locations.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            var spot = "\(place), location \(index + 1)"
            guard let location = item.object else {
                throw VaultCoreError.badItinerary(file: file, place: spot, reason: "it is not an object.")
            }
            let locationName = try text(location, "name", place: spot, file: file)
            spot = "\(place), location \(index + 1) ('\(locationName)')"
            try LociFileName.check(locationName, what: "name", place: spot, file: file)
            let sequence = try sequenceNumber(location["sequence"], place: spot, file: file)
            if let other = seen[sequence] {
                throw VaultCoreError.badItinerary(
                    file: file, place: spot,
                    reason: "the field 'sequence' is \(sequence), as for '\(other)'; each location needs its own.")
            }
            seen[sequence] = locationName
            let picture = try image(location["image"], place: spot, field: "image", file: file)
            total += picture?.bytes.count ?? 0
            if total > maximumItineraryBytes {
                throw VaultCoreError.badItinerary(
                    file: file, place: place, reason: "its pictures come to more than 200 MB, the most an itinerary may hold.")
            }
            let locationDescription = try optionalText(location, "description", place: spot, file: file)
            textTotal += locationName.utf8.count + locationDescription.utf8.count
            if textTotal > maximumItineraryTextBytes {
                throw VaultCoreError.badItinerary(
                    file: file, place: place,
                    reason: "its names and descriptions come to more than 16 MB of text, the most an itinerary may hold.")
            }
            locations.append(
                LociLocation(sequence: sequence, name: locationName, description: locationDescription, image: picture))
        }
        guard !locations.isEmpty else {
            throw VaultCoreError.badItinerary(file: file, place: place, reason: "it has no locations.")
        }
        return LociItinerary(name: name, description: description, image: cover, locations: locations)
    }

    private static func text(_ entry: [String: LociJSONValue], _ key: String, place: String, file: String) throws -> String {
        guard let value = entry[key], !value.isNull else {
            throw VaultCoreError.badItinerary(file: file, place: place, reason: "the field '\(key)' is missing.")
        }
        guard case .string(let text) = value, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw VaultCoreError.badItinerary(file: file, place: place, reason: "the field '\(key)' must be a non-empty string.")
        }
        try checkLength(text, key, place: place, file: file)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func optionalText(_ entry: [String: LociJSONValue], _ key: String, place: String, file: String) throws -> String {
        guard let value = entry[key], !value.isNull else { return "" }
        guard case .string(let text) = value else {
            throw VaultCoreError.badItinerary(file: file, place: place, reason: "the field '\(key)' must be a string.")
        }
        try checkLength(text, key, place: place, file: file)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Refuses a text field longer than ``maximumTextBytes``.
    private static func checkLength(_ text: String, _ key: String, place: String, file: String) throws {
        let bytes = text.utf8.count
        guard bytes <= maximumTextBytes else {
            throw VaultCoreError.badItinerary(
                file: file, place: place,
                reason:
                    "the field '\(key)' holds \(bytes / 1024) KB of text, more than the 64 KB a field may hold; shorten it in the app and export again.")
        }
    }

    private static func sequenceNumber(_ value: LociJSONValue?, place: String, file: String) throws -> Int {
        guard let value, !value.isNull else {
            throw VaultCoreError.badItinerary(file: file, place: place, reason: "the field 'sequence' is missing.")
        }
        // 2.0 is taken as 2; 2.5, "3" and true are not whole numbers.
        var number: Int?
        switch value {
        case .int(let n): number = n
        case .number(let d) where d.rounded() == d && abs(d) <= 1e9: number = Int(d)
        default: number = nil
        }
        guard let number, number >= 1, number <= 1_000_000 else {
            throw VaultCoreError.badItinerary(
                file: file, place: place, reason: "the field 'sequence' must be a whole number from 1 to 1,000,000.")
        }
        return number
    }

    private static func image(_ value: LociJSONValue?, place: String, field: String, file: String) throws -> LociImage? {
        guard let value, !value.isNull else { return nil }
        guard let object = value.object else {
            throw VaultCoreError.badItinerary(
                file: file, place: place, reason: "the field '\(field)' must be an object with 'format' and 'data'.")
        }
        if case .string(let format) = object["format"], format.lowercased() != "base64" {
            throw VaultCoreError.badItinerary(
                file: file, place: place, reason: "the field '\(field).format' is '\(format)'; only base64 is read.")
        }
        guard case .string(let uri) = object["data"], !uri.isEmpty else {
            throw VaultCoreError.badItinerary(file: file, place: place, reason: "the field '\(field).data' is missing.")
        }
        // "data:image/png;base64,AAAA" or the bare base64 text.
        var payload = Substring(uri)
        if uri.hasPrefix("data:") {
            guard let comma = uri.firstIndex(of: ","), uri[..<comma].hasSuffix(";base64") else {
                throw VaultCoreError.badItinerary(
                    file: file, place: place, reason: "the field '\(field).data' is not a base64 data URI (data:image/…;base64,…).")
            }
            payload = uri[uri.index(after: comma)...]
        }
        if payload.utf8.count / 4 * 3 > maximumImageBytes + 3 {
            throw VaultCoreError.badItinerary(
                file: file, place: place, reason: "the picture in '\(field).data' is over 20 MB, the most one may be.")
        }
        guard let bytes = Data(base64Encoded: String(payload)), !bytes.isEmpty else {
            throw VaultCoreError.badItinerary(file: file, place: place, reason: "the field '\(field).data' is not valid base64.")
        }
        guard bytes.count <= maximumImageBytes else {
            throw VaultCoreError.badItinerary(
                file: file, place: place, reason: "the picture in '\(field).data' is over 20 MB, the most one may be.")
        }
        guard let kind = LociImage.Kind.sniff(bytes) else {
            throw VaultCoreError.badItinerary(
                file: file, place: place, reason: "the bytes of '\(field).data' are not a PNG, JPEG, GIF or WebP picture.")
        }
        return LociImage(bytes: bytes, kind: kind)
    }

    private static func list(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }
}
