import Testing

@testable import VaultCore

@Suite("Wiki links rewritten for export")
struct WikiLinkTextTests {
    private func rewrite(_ text: String) -> String {
        WikiLinkText.rewrite(text) { $0 == "nowhere" ? nil : "\($0.lowercased()).html" }
    }

    @Test("links, aliases, headings and embeds become CommonMark links; one leading nowhere is marked")
    func forms() {
        #expect(rewrite("See [[Habits]].") == "See [Habits](<habits.html>).")
        #expect(rewrite("[[Habits|the habit note]]") == "[the habit note](<habits.html>)")
        #expect(rewrite("[[Habits#Keystone]]") == "[Habits#Keystone](<habits.html>)")
        #expect(rewrite("é ![[Chart.png]] ü") == "é ![Chart.png](<chart.png.html>) ü")
        #expect(rewrite("[[nowhere]] [[a [b] c]]") == "[nowhere](#unresolved) [a \\[b\\] c](<a [b] c.html>)")
        #expect(rewrite("no links") == "no links")
    }

    @Test("an unclosed, empty or line-crossing [[ stays text, and what follows is still read")
    func notLinks() {
        #expect(rewrite("[[]] [[open\nline]] [[x]]") == "[[]] [[open\nline]] [x](<x.html>)")
        #expect(rewrite("a [[ b") == "a [[ b")
        #expect(rewrite("![[") == "![[")
    }

    @Test("fifty thousand [[ never closed, and twenty thousand links, come out whole")
    func manyMarkers() {
        let open = String(repeating: "[[", count: 50_000) + "x"
        #expect(rewrite(open) == open)
        let links = String(repeating: "[[a]] ", count: 20_000)
        #expect(rewrite(links) == String(repeating: "[a](<a.html>) ", count: 20_000))
    }

    @Test("the marker finder finds each occurrence once, at or after where it is asked from")
    func finder() {
        var text = "ab]]c]]é]]"
        let found = text.withUTF8 { bytes -> [Int?] in
            var finder = MarkerFinder("]]", in: bytes)
            return [0, 2, 3, 5, 6, 7, 10, 12].map { finder.first(from: $0) }
        }
        #expect(found == [2, 2, 5, 5, 9, 9, nil, nil])
    }
}
