import Foundation
import Testing

/// `vault import loci`, `vault loci …` and `vault export loci`, end to end.
@Suite("Memory palaces end to end", .serialized)
final class LociCommandTests {
    /// The folders ``external(_:_:)`` made outside the vaults, removed after each test.
    private var externals: [URL] = []

    deinit { for folder in externals { try? FileManager.default.removeItem(at: folder) } }

    /// A 1x1 PNG.
    static let pngBase64 =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
    /// A 2x3 GIF header (the importer only sniffs the first bytes).
    static let gifBytes = Data("GIF89a\u{2}\0\u{3}\0\u{80}\0\0".utf8)

    /// A location as a JSON object.
    static func location(_ sequence: Any, _ name: String, description: String = "", image: String?) -> [String: Any] {
        var object: [String: Any] = ["name": name, "description": description, "sequence": sequence]
        if let image { object["image"] = ["format": "base64", "data": image] }
        return object
    }

    /// A LociApp file of one itinerary.
    static func itinerary(_ name: String, description: String = "", cover: String? = nil, _ locations: [[String: Any]]) -> Data {
        var it: [String: Any] = ["name": name, "description": description, "locations": locations]
        if let cover { it["image"] = ["format": "base64", "data": cover] }
        return try! JSONSerialization.data(withJSONObject: ["itineraries": [it]], options: [.sortedKeys])
    }

    static var png: String { "data:image/png;base64,\(pngBase64)" }
    static var gif: String { "data:image/gif;base64,\(gifBytes.base64EncodedString())" }

    /// "Home walk": a cover and three locations (a PNG, a GIF, a PNG), given out of order.
    static func homeWalk() -> Data {
        itinerary(
            "Home walk", description: "The flat, from the door.", cover: png,
            [
                location(3, "Kitchen", description: "A kettle whistling.", image: png),
                location(1, "Front door", description: "Red, with a brass knocker.", image: png),
                location(2, "Hall", description: "Coats on hooks.", image: gif),
            ])
    }

    func sandbox() throws -> VaultSandbox { try VaultSandbox(fixture: "cards") }

    /// Writes `data` to a file outside the vault and returns its path.
    func external(_ data: Data, _ name: String = "walk.json") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loci-in-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        externals.append(folder)
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// Every file of the vault and its bytes (the cache, local state and git left out).
    func snapshot(_ vault: VaultSandbox) -> [String: Data] {
        var map: [String: Data] = [:]
        let root = vault.root.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return map }
        while let path = walker.nextObject() as? String {
            if path.hasPrefix(".vault/cache") || path.hasPrefix(".vault/local") || path.hasPrefix(".git/") || path == ".git" {
                continue
            }
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder)
            map[isFolder.boolValue ? path + "/" : path] =
                isFolder.boolValue ? Data() : (FileManager.default.contents(atPath: root + "/" + path) ?? Data("?".utf8))
        }
        return map
    }

    func lociLines(_ vault: VaultSandbox) -> [String] {
        vault.ledgerText().split(separator: "\n").filter { $0.contains("\tloci-rate\t") }.map(String.init)
    }

    func field(_ name: String, of line: String) -> String? {
        line.split(separator: "\t").first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
    }

    func importHome(_ vault: VaultSandbox) throws {
        let r = try vault.run(["import", "loci", try external(Self.homeWalk())])
        #expect(r.status == 0, "\(r.stderr)")
    }

    func list(_ vault: VaultSandbox, _ mode: String = "review") throws -> [[String: Any]] {
        try #require(try vault.json(["loci", mode, "Home walk", "--list", "--json"]) as? [[String: Any]])
    }

    // MARK: Import

    @Test("a memory palace's notes stay out of curation: importing one changes no review's count")
    func palaceOutOfCuration() throws {
        let vault = try sandbox()
        defer { vault.cleanUp() }
        let before = try #require(try vault.json(["status", "--json"]) as? [String: Any])
        try importHome(vault)
        let after = try #require(try vault.json(["status", "--json"]) as? [String: Any])
        #expect(after["notes"] as? Int == (before["notes"] as? Int).map { $0 + 4 }, "the index and 3 locations are notes")
        #expect(after["notes_to_review"] as? Int == before["notes_to_review"] as? Int)
        #expect((after["periods"] as? NSArray) == (before["periods"] as? NSArray))
        let listed = try vault.run(["list", "daily", "--json"]).stdout
        #expect(!listed.contains("loci/"), "\(listed)")
    }

    @Test("import writes the index, a note per location and the pictures byte for byte")
    func importWritesFiles() throws {
        let vault = try sandbox()
        defer { vault.cleanUp() }
        let before = snapshot(vault)
        let r = try vault.run(["import", "loci", try external(Self.homeWalk())])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("Imported 'Home walk': 3 locations, 4 pictures (1 KB) into loci/Home walk/.\n"), "\(r.stdout)")
        let after = snapshot(vault)
        let added = Set(after.keys).subtracting(before.keys).filter { !$0.hasPrefix(".vault/") }
        #expect(
            added == [
                "loci/", "loci/Home walk/", "loci/Home walk/Home walk.md", "loci/Home walk/cover.png",
                "loci/Home walk/01 Front door.md", "loci/Home walk/01.png", "loci/Home walk/02 Hall.md",
                "loci/Home walk/02.gif", "loci/Home walk/03 Kitchen.md", "loci/Home walk/03.png",
            ], "\(added.sorted())")
        let png = Data(base64Encoded: Self.pngBase64)!
        #expect(after["loci/Home walk/cover.png"] == png)
        #expect(after["loci/Home walk/01.png"] == png)
        #expect(after["loci/Home walk/02.gif"] == Self.gifBytes)
        #expect(after["loci/Home walk/03.png"] == png)
        let hall = try vault.read("loci/Home walk/02 Hall.md")
        #expect(hall.contains("\nloci: location\n"))
        #expect(hall.contains("\nsequence: 2\n"))
        #expect(hall.contains("\nimage: 02.gif\n"))
        #expect(hall.contains("# Hall\n"))
        #expect(hall.contains("Coats on hooks."))
        #expect(hall.range(of: #"\nid: [0-9a-f-]{36}\n"#, options: .regularExpression) != nil)
        let index = try vault.read("loci/Home walk/Home walk.md")
        #expect(index.contains("\nloci: itinerary\n"))
        #expect(index.contains("1. [Front door](<01 Front door.md>)\n2. [Hall](<02 Hall.md>)\n3. [Kitchen](<03 Kitchen.md>)\n"))
        let walks = try #require(try vault.json(["loci", "list", "--json"]) as? [[String: Any]])
        #expect(walks.count == 1)
        #expect(walks.first?["name"] as? String == "Home walk")
        #expect(walks.first?["locations"] as? Int == 3)
        #expect(walks.first?["new"] as? Int == 3)
        #expect(walks.first?["due"] as? Int == 0)
    }

    @Test("--dry-run says what it would write and writes nothing")
    func dryRun() throws {
        let vault = try sandbox()
        defer { vault.cleanUp() }
        let before = snapshot(vault)
        let r = try vault.run(["import", "loci", try external(Self.homeWalk()), "--dry-run"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "Would import 'Home walk': 3 locations, 4 pictures (1 KB) into loci/Home walk/; nothing written.\n")
        #expect(snapshot(vault) == before)
        #expect(!FileManager.default.fileExists(atPath: vault.root.appendingPathComponent("loci").path))
    }

    /// Each bad file, the words the refusal must hold.
    static let refusals: [(String, Data, [String])] = [
        ("invalid JSON", Data("{\"itineraries\": [\n {\"name\": \"Home walk\",, }]}".utf8), ["line 2, column", "not valid JSON"]),
        (
            "duplicate sequence",
            itinerary("Home walk", [location(1, "Door", image: png), location(1, "Hall", image: png)]),
            ["location 2 ('Hall')", "the field 'sequence' is 1, as for 'Door'"]
        ),
        (
            "bad base64", itinerary("Home walk", [location(1, "Door", image: "data:image/png;base64,!!!!")]),
            ["location 1 ('Door')", "the field 'image.data' is not valid base64"]
        ),
        (
            "not an image",
            itinerary("Home walk", [location(1, "Door", image: "data:image/png;base64,\(Data("plain text".utf8).base64EncodedString())")]),
            ["location 1 ('Door')", "'image.data' are not a PNG, JPEG, GIF or WebP picture"]
        ),
        ("name '..'", itinerary("..", [location(1, "Door", image: png)]), ["itinerary '..'", "the field 'name' is '..'"]),
        (
            "location name 'rooms/../../escape'", itinerary("Home walk", [location(1, "rooms/../../escape", image: png)]),
            ["location 1 ('rooms/../../escape')", "the field 'name' holds a slash"]
        ),
        ("sequence 2.5", itinerary("Home walk", [location(2.5, "Door", image: png)]), ["location 1 ('Door')", "the field 'sequence' must be a whole number"]),
    ]

    @Test("a bad file is refused naming the place and the field, and no file of the vault changes", arguments: 0..<7)
    func refusal(_ which: Int) throws {
        let (label, data, words) = Self.refusals[which]
        let vault = try sandbox()
        defer { vault.cleanUp() }
        try importHome(vault)  // an itinerary already there must stay as it is
        let before = snapshot(vault)
        let ledger = vault.ledgerText()
        let path = try external(data)
        let r = try vault.run(["import", "loci", path])
        #expect(r.status == 1, "\(label): \(r.stdout)")
        #expect(r.stdout == "", "\(label)")
        for word in words { #expect(r.stderr.contains(word), "\(label): \(r.stderr)") }
        #expect(r.stderr.contains(path + ": "), "\(label): the file is named: \(r.stderr)")
        #expect(r.stderr.contains("Nothing was written."), "\(label)")
        #expect(snapshot(vault) == before, "\(label)")
        #expect(vault.ledgerText() == ledger)
        // A dry run refuses the same file the same way.
        let dry = try vault.run(["import", "loci", path, "--dry-run"])
        #expect(dry.status == 1 && dry.stderr == r.stderr, "\(label)")
    }

    @Test("an itinerary imported before is refused without --update, and nothing changes")
    func existingWithoutUpdate() throws {
        let vault = try sandbox()
        defer { vault.cleanUp() }
        try importHome(vault)
        let before = snapshot(vault)
        let changed = Self.itinerary("Home walk", [Self.location(1, "Porch", image: Self.gif)])
        let r = try vault.run(["import", "loci", try external(changed)])
        #expect(r.status == 1)
        #expect(r.stderr.contains("the itinerary 'Home walk' exists already in loci/Home walk/"), "\(r.stderr)")
        #expect(r.stderr.contains("--update"))
        #expect(snapshot(vault) == before)
    }

    @Test("several itineraries without --itinerary are listed; --itinerary picks one")
    func pickItinerary() throws {
        let vault = try sandbox()
        defer { vault.cleanUp() }
        let two = try JSONSerialization.data(withJSONObject: [
            "itineraries": [
                ["name": "Home walk", "locations": [Self.location(1, "Door", image: Self.png)]],
                ["name": "Office", "locations": [Self.location(1, "Desk", image: Self.png), Self.location(2, "Lift", image: nil)]],
            ]
        ])
        let path = try external(two)
        let before = snapshot(vault)
        let r = try vault.run(["import", "loci", path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("the file holds 2 itineraries ('Home walk', 'Office'); pick one with --itinerary NAME."), "\(r.stderr)")
        #expect(snapshot(vault) == before)
        let picked = try vault.run(["import", "loci", path, "--itinerary", "office", "--into", "Palaces"])
        #expect(picked.status == 0, "\(picked.stderr)")
        #expect(FileManager.default.fileExists(atPath: vault.root.appendingPathComponent("Palaces/Office/02 Lift.md").path))
        #expect(!FileManager.default.fileExists(atPath: vault.root.appendingPathComponent("Palaces/Office/02.png").path))
        let walks = try #require(try vault.json(["loci", "list", "--json"]) as? [[String: Any]])
        #expect(walks.map { $0["folder"] as? String } == ["Palaces/Office"])
    }

    @Test("a 5,000-location itinerary imports and lists 5000 locations")
    func largeItinerary() throws {
        let vault = try sandbox()
        defer { vault.cleanUp() }
        let locations = (1...5000).map { Self.location($0, "Room \($0)", image: Self.png) }
        let r = try vault.run(["import", "loci", try external(Self.itinerary("Big house", locations))])
        #expect(r.status == 0, "\(r.stderr)")
        let walks = try #require(try vault.json(["loci", "list", "--json"]) as? [[String: Any]])
        #expect(walks.first?["locations"] as? Int == 5000)
        #expect(walks.first?["new"] as? Int == 5000)
        let folder = vault.root.appendingPathComponent("loci/Big house")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count == 1 + 5000 * 2)
        #expect(names.contains("0001 Room 1.md") && names.contains("5000 Room 5000.md") && names.contains("0042.png"))
    }

    @Test("export then import --update gives the same notes and pictures and keeps the ids")
    func exportImportRoundTrip() throws {
        let vault = try sandbox()
        defer { vault.cleanUp() }
        try importHome(vault)
        func folder() -> [String: Data] { snapshot(vault).filter { $0.key.hasPrefix("loci/") } }
        let before = folder()
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("loci-out-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let exported = try vault.run(["export", "loci", "Home walk", out])
        #expect(exported.status == 0, "\(exported.stderr)")
        let stdout = try vault.run(["export", "loci", "Home walk", "-"])
        #expect(stdout.status == 0)
        #expect(Data(stdout.stdout.utf8) == FileManager.default.contents(atPath: out))
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(stdout.stdout.utf8)) as? [String: Any])
        let its = try #require(document["itineraries"] as? [[String: Any]])
        let locations = try #require(its.first?["locations"] as? [[String: Any]])
        #expect(locations.map { $0["name"] as? String } == ["Front door", "Hall", "Kitchen"])
        #expect(locations.map { $0["sequence"] as? Int } == [1, 2, 3])
        #expect(locations.map { $0["description"] as? String } == ["Red, with a brass knocker.", "Coats on hooks.", "A kettle whistling."])
        #expect((locations[1]["image"] as? [String: Any])?["data"] as? String == Self.gif)
        #expect(its.first?["description"] as? String == "The flat, from the door.")
        // Rate one location so its history can be seen to survive.
        #expect(try vault.run(["loci", "review", "Home walk", "--rate", "2=5"]).status == 0)
        var later = vault
        later.now = "2026-11-20T09:00:00Z"
        let r = try later.run(["import", "loci", out, "--update"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Updated 'Home walk': 3 locations"), "\(r.stdout)")
        #expect(r.stdout.contains("3 locations kept their history."), "\(r.stdout)")
        let after = folder()
        #expect(after.keys.sorted() == before.keys.sorted())
        for key in before.keys.sorted() {
            #expect(after[key] == before[key], "\(key) changed:\n\(String(decoding: after[key] ?? Data(), as: UTF8.self))")
        }
        let stops = try list(later)
        #expect(stops.first { $0["sequence"] as? Int == 2 }?["repetitions"] as? Int == 1, "the rating still counts")
    }

    @Test("--update with new text keeps the id of each sequence that stays and drops the others")
    func updateKeepsIDs() throws {
        let vault = try sandbox()
        defer { vault.cleanUp() }
        try importHome(vault)
        func id(_ path: String) throws -> String? {
            try vault.read(path).split(separator: "\n").first { $0.hasPrefix("id: ") }.map { String($0.dropFirst(4)) }
        }
        let hallID = try #require(try id("loci/Home walk/02 Hall.md"))
        let changed = Self.itinerary(
            "Home walk", [Self.location(2, "Corridor", description: "Now longer.", image: Self.png), Self.location(4, "Garden", image: nil)])
        let r = try vault.run(["import", "loci", try external(changed), "--update"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("1 locations kept their history."), "\(r.stdout)")
        #expect(try id("loci/Home walk/02 Corridor.md") == hallID)
        #expect(try id("loci/Home walk/04 Garden.md") != hallID)
        let root = vault.root.appendingPathComponent("loci/Home walk")
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        #expect(names == ["02 Corridor.md", "02.png", "04 Garden.md", "Home walk.md"], "old files are gone")
    }

    // MARK: Scripted practice

    @Test("review then reverse ratings share one SM-2 state and are two loci-rate lines")
    func scriptedReviewThenReverse() throws {
        var vault = try sandbox()
        defer { vault.cleanUp() }
        try importHome(vault)
        let r1 = try vault.run(["loci", "review", "Home walk", "--rate", "2=5", "--json"])
        #expect(r1.status == 0, "\(r1.stderr)")
        let first = try #require(try JSONSerialization.jsonObject(with: Data(r1.stdout.utf8)) as? [[String: Any]])
        #expect(first.first?["interval"] as? Int == 1)
        #expect(first.first?["mode"] as? String == "review")
        vault.now = "2026-11-19T10:00:00Z"
        let r2 = try vault.run(["loci", "reverse", "Home walk", "--rate", "2=5", "--answer", "2=2"])
        #expect(r2.status == 0, "\(r2.stderr)")
        #expect(r2.stdout.hasPrefix("Rated 2 Hall: 5 (typed 2: right); due in 6 days"), "\(r2.stdout)")
        let lines = lociLines(vault)
        #expect(lines.count == 2)
        #expect(lines.map { field("mode", of: $0) } == ["review", "reverse"])
        #expect(lines.map { field("quality", of: $0) } == ["5", "5"])
        #expect(lines.map { field("interval", of: $0) } == ["1", "6"])
        #expect(lines.map { field("sequence", of: $0) } == ["2", "2"])
        #expect(field("answer", of: lines[1]) == "2")
        #expect(field("right", of: lines[1]) == "yes")
        let hallID = try vault.read("loci/Home walk/02 Hall.md").split(separator: "\n").first { $0.hasPrefix("id: ") }
            .map { String($0.dropFirst(4)) }
        #expect(lines.map { field("location", of: $0) } == [hallID, hallID])
        for mode in ["review", "reverse"] {
            let stops = try list(vault, mode)
            #expect(stops.map { $0["sequence"] as? Int } == [1, 2, 3])
            let hall = try #require(stops.first { $0["sequence"] as? Int == 2 })
            #expect(hall["interval"] as? Int == 6)
            #expect(hall["repetitions"] as? Int == 2)
            #expect(hall["is_due"] as? Bool == false)
            #expect(stops.first?["repetitions"] as? Int == 0)
        }
        // A wrong number rated 2 resets the state.
        let r3 = try vault.run(["loci", "reverse", "Home walk", "--rate", "2=2", "--answer", "2=3", "--json"])
        let third = try #require(try JSONSerialization.jsonObject(with: Data(r3.stdout.utf8)) as? [[String: Any]])
        #expect(third.first?["right"] as? Bool == false)
        #expect(third.first?["interval"] as? Int == 1)
        let hall = try #require(try list(vault).first { $0["sequence"] as? Int == 2 })
        #expect(hall["repetitions"] as? Int == 0)
    }

    @Test("a bad scripted answer writes nothing")
    func badScriptedAnswer() throws {
        let vault = try sandbox()
        defer { vault.cleanUp() }
        try importHome(vault)
        let ledger = vault.ledgerText()
        for args in [["--rate", "1=5", "9=4"], ["--rate", "1=6"], ["--rate", "x"]] {
            let r = try vault.run(["loci", "review", "Home walk"] + args)
            #expect(r.status != 0, "\(args)")
            #expect(vault.ledgerText() == ledger, "\(args)")
        }
        let orphan = try vault.run(["loci", "reverse", "Home walk", "--rate", "1=5", "--answer", "2=2"])
        #expect(orphan.status != 0)
        #expect(orphan.stderr.contains("'2=2' has no --rate 2=Q beside it"), "\(orphan.stderr)")
        #expect(vault.ledgerText() == ledger)
    }

    @Test("a due location shows in status, loci list and first in the review order")
    func dueInStatus() throws {
        var vault = try sandbox()
        defer { vault.cleanUp() }
        try importHome(vault)
        #expect(try vault.run(["loci", "review", "Home walk", "--rate", "3=4"]).status == 0)
        let today = try #require(try vault.json(["status", "--json"]) as? [String: Any])
        #expect(today["loci_due"] as? Int == 0)
        vault.now = "2026-11-20T09:00:00Z"
        let later = try #require(try vault.json(["status", "--json"]) as? [String: Any])
        #expect(later["loci_due"] as? Int == 1)
        let walks = try #require(try vault.json(["loci", "list", "--json"]) as? [[String: Any]])
        #expect(walks.first?["due"] as? Int == 1)
        #expect(walks.first?["new"] as? Int == 2)
        let stops = try list(vault)
        #expect(stops.map { $0["sequence"] as? Int } == [3, 1, 2])
        #expect(stops.map { $0["is_due"] as? Bool } == [true, false, false])
    }

    // MARK: Screens

    @Test("learn walks forward with → and back with ←")
    func learnScreen() throws {
        let vault = try sandbox()
        defer { vault.cleanUp() }
        try importHome(vault)
        let session = TmuxSession(vault: vault)  // 100×30
        defer { session.stop() }
        try session.start("loci learn 'Home walk' --no-images")
        let first = try session.waitFor("Learn · 1 of 3")
        #expect(first.contains("Front door"))
        #expect(first.contains("Red, with a brass knocker."))
        #expect(first.contains("picture: loci/Home walk/01.png (1 KB, 1×1 px)"))
        try session.keys("Right")
        let second = try session.waitFor("Learn · 2 of 3")
        #expect(second.contains("Hall") && second.contains("Coats on hooks."))
        #expect(second.contains("picture: loci/Home walk/02.gif (1 KB, 2×3 px)"))
        #expect(!second.contains("Front door"))
        try session.keys("Left")
        let back = try session.waitFor("Learn · 1 of 3")
        #expect(back.contains("Front door"))
        try session.keys("q")
        let end = try session.waitFor("EXIT=")
        #expect(end.contains("EXIT=0"))
        #expect(end.contains("Walked 'Home walk' (3 locations)."))
        #expect(lociLines(vault).isEmpty, "learning records nothing")
    }

    @Test("review: space shows the picture, space the name, 5 records the rating")
    func reviewScreen() throws {
        let vault = try sandbox()
        defer { vault.cleanUp() }
        try importHome(vault)
        let session = TmuxSession(vault: vault)  // 100×30
        defer { session.stop() }
        try session.start("loci review 'Home walk' --no-images")
        let number = try session.waitFor("Review · 1 of 3")
        #expect(!number.contains("picture:") && !number.contains("Front door"), "only the number at first")
        try session.keys("Space")
        let picture = try session.waitFor("picture: loci/Home walk/01.png")
        #expect(!picture.contains("Front door"))
        try session.keys("Space")
        let named = try session.waitFor("Front door")
        #expect(named.contains("5 6d") == false && named.contains("5 1d"), "the rating keys show SM-2's intervals")
        try session.keys("5")
        try session.waitFor("Review · 2 of 3")
        #expect(lociLines(vault).count == 1)
        try session.keys("q")
        let end = try session.waitFor("EXIT=")
        #expect(end.contains("EXIT=0"))
        #expect(end.contains("Stopped: 1 of 3 locations of 'Home walk' rated."))
        let lines = lociLines(vault)
        #expect(lines.count == 1)
        #expect(lines.first.map { field("mode", of: $0) } == "review")
        #expect(lines.first.map { field("quality", of: $0) } == "5")
        #expect(lines.first.map { field("sequence", of: $0) } == "1")
        #expect(lines.first.map { field("interval", of: $0) } == "1")
    }

    @Test("reverse: a wrong number is shown as wrong, then rated; nothing due, it asks out of walking order")
    func reverseScreen() throws {
        let vault = try sandbox()
        defer { vault.cleanUp() }
        try importHome(vault)
        let session = TmuxSession(vault: vault)  // 100×30
        defer { session.stop() }
        try session.start("loci reverse 'Home walk' --no-images")
        let numbers = ["Front door": 1, "Hall": 2, "Kitchen": 3]
        let asked = try session.waitFor("Reverse · 1 of 3")
        let first = try #require(numbers.first { asked.contains($0.key) })
        #expect(!asked.contains("picture:"))
        try session.keys("9")
        try session.waitFor("Its number: 9")
        try session.keys("Enter")
        let checked = try session.waitFor("Wrong: you typed 9; it is \(first.value).")
        #expect(checked.contains("picture: loci/Home walk/0\(first.value)."))
        try session.keys("2")
        let next = try session.waitFor("Reverse · 2 of 3")
        let second = try #require(numbers.first { $0.key != first.key && next.contains($0.key) })
        // Asked in walking order, each number would give the next away.
        #expect([first.value, second.value] != [1, 2])
        try session.keys("\(second.value)", "Enter")
        try session.waitFor("Right: \(second.value).")
        try session.keys("4")
        try session.waitFor("Reverse · 3 of 3")
        try session.keys("q")
        let end = try session.waitFor("EXIT=")
        #expect(end.contains("EXIT=0"))
        #expect(end.contains("Numbers right: 1 of 2."))
        let lines = lociLines(vault)
        #expect(lines.count == 2)
        #expect(lines.map { field("mode", of: $0) } == ["reverse", "reverse"])
        #expect(lines.map { field("answer", of: $0) } == ["9", "\(second.value)"])
        // Stamped at VAULT_NOW, not after it: the last practice is not "in 1 min".
        let listed = try vault.run(["loci", "list"]).stdout
        #expect(listed.range(of: #"in \d+ (s|sec|min)"#, options: .regularExpression) == nil, "\(listed)")
        #expect(lines.map { field("right", of: $0) } == ["no", "yes"])
        #expect(lines.map { field("quality", of: $0) } == ["2", "4"])
    }

    @Test("without a terminal the screens refuse as the other screens do: error: …, exit 1, nothing written")
    func screensNeedATerminal() throws {
        let vault = try sandbox()
        defer { vault.cleanUp() }
        try importHome(vault)
        let ledger = vault.ledgerText()
        for (mode, scripted) in [("review", "review"), ("reverse", "reverse"), ("learn", "review")] {
            let r = try vault.run(["loci", mode, "Home walk"])
            #expect(r.status == 1, "\(mode): \(r.stderr)")
            #expect(r.stdout == "")
            #expect(
                r.stderr
                    == "error: the loci screens need a terminal that draws a full screen (TERM not dumb); use `vault loci \(scripted) ITINERARY --list` and `--rate SEQ=Q` in scripts.\n",
                "\(mode)")
        }
        #expect(vault.ledgerText() == ledger)
    }

    // MARK: Two clones

    @Test("two clones practise the same itinerary, sync, and agree on its schedule")
    func twoClones() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("vault-loci-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let fixture = try sandbox()
        let laptopRoot = base.appendingPathComponent("laptop")
        try FileManager.default.moveItem(at: fixture.root, to: laptopRoot)
        var laptop = VaultSandbox(root: laptopRoot)
        try importHome(laptop)
        try laptop.sh("git init -q --bare -b main ../remote.git")
        try laptop.sh(
            "git init -q -b main && git add -A && git commit -qm start && git remote add origin ../remote.git && git push -q -u origin main")
        try laptop.sh("git clone -q remote.git phone", in: base)
        var phone = VaultSandbox(root: base.appendingPathComponent("phone"))
        laptop.now = "2026-11-16T08:00:00Z"
        phone.now = "2026-11-16T12:00:00Z"
        #expect(try laptop.run(["loci", "review", "Home walk", "--rate", "1=5", "2=4"]).status == 0)
        #expect(try phone.run(["loci", "reverse", "Home walk", "--rate", "1=3", "3=5", "--answer", "1=1"]).status == 0)
        laptop.now = "2026-11-17T09:00:00Z"
        #expect(try laptop.run(["loci", "reverse", "Home walk", "--rate", "1=5"]).status == 0)
        for machine in [laptop, phone, laptop] {
            let r = try machine.run(["sync"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        laptop.now = "2026-11-18T09:00:00Z"
        phone.now = "2026-11-18T09:00:00Z"
        let a = try laptop.run(["loci", "review", "Home walk", "--list", "--json"])
        let b = try phone.run(["loci", "review", "Home walk", "--list", "--json"])
        #expect(a.status == 0 && b.status == 0)
        #expect(a.stdout == b.stdout)
        #expect(lociLines(laptop).count == 5)
        #expect(lociLines(phone).count == 5)
        // Location 1: 5 (laptop, 16th 08:00), 3 (phone, 16th 12:00), 5 (laptop, 17th): three successes in a row.
        let stops = try #require(try JSONSerialization.jsonObject(with: Data(a.stdout.utf8)) as? [[String: Any]])
        let one = try #require(stops.first { $0["sequence"] as? Int == 1 })
        #expect(one["repetitions"] as? Int == 3)
        #expect(one["interval"] as? Int == 15, "round(6 × EF 2.56)")
        #expect(stops.first { $0["sequence"] as? Int == 3 }?["repetitions"] as? Int == 1)
    }
}
