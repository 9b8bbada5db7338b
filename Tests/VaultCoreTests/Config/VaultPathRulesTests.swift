import Testing
import VaultCore

@Suite("Paths in the config stay inside the vault")
struct VaultPathRulesTests {
    @Test("new_note_path: out of the vault, absolute, hidden, empty or with control characters is refused")
    func patterns() {
        #expect(VaultPathRules.problem(withPattern: "{yyyy}/{mm}/{slug}.md") == nil)
        #expect(VaultPathRules.problem(withPattern: "Daily/{yyyy}-{mm}-{dd}.md") == nil)
        #expect(VaultPathRules.problem(withPattern: "../../escaped-{slug}.md")?.contains("'..'") == true)
        #expect(VaultPathRules.problem(withPattern: "a/../../{slug}.md")?.contains("'..'") == true)
        #expect(VaultPathRules.problem(withPattern: "")?.hasPrefix("is empty") == true)
        #expect(VaultPathRules.problem(withPattern: "   ")?.hasPrefix("is empty") == true)
        #expect(VaultPathRules.problem(withPattern: ".hidden/{slug}.md")?.contains("hidden part '.hidden'") == true)
        #expect(VaultPathRules.problem(withPattern: "/etc/{slug}.md")?.contains("absolute") == true)
        #expect(VaultPathRules.problem(withPattern: "~/{slug}.md")?.contains("absolute") == true)
        #expect(VaultPathRules.problem(withPattern: "in\u{1B}box/{slug}.md")?.contains("control") == true)
        for pattern in ["{yyyy}/{mm}/", "{yyyy}/.md", "Inbox/.{slug}.md"] {
            #expect(VaultPathRules.problem(withPattern: pattern)?.hasPrefix("does not end in a file name") == true, "\(pattern)")
        }
    }

    @Test("deck folders: / is the whole vault; others must stay inside it")
    func folders() {
        #expect(VaultPathRules.problem(folder: "Flashcards/") == nil)
        #expect(VaultPathRules.problem(folder: "../other/")?.contains("'..'") == true)
        #expect(VaultPathRules.problem(folder: ".trash/")?.contains("hidden") == true)
    }
}
