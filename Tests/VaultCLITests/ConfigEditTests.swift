import Foundation
import Testing

/// `vault category` and `vault source-type` edit `.vault/config.yml` line by
/// line: a person's comments, quoting and key order survive.
@Suite("Config edits keep the file as written")
struct ConfigEditTests {
    let written = """
        # My vault. Categories follow my life areas.
        version: 1
        timezone: Europe/Berlin   # where I live
        categories:
          - name: 'Health'
            color: "#10b981"   # green
          # Money matters
          - name: Finance
            color: '#f59e0b'
          - name: Mindset
            color: "#ef4444"
        source_types: [link, book]  # keep it short
        new_note_path: "{yyyy}/{mm}/{slug}.md"

        """

    @Test("add, color, rename, rm and source-type add/rm change exactly their lines")
    func edits() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        try vault.write(".vault/config.yml", written)
        for arguments in [
            ["category", "add", "Cooking", "--color", "#ff8800"], ["category", "color", "Health", "#00ff00"],
            ["category", "rename", "Mindset", "Psychology"], ["category", "rm", "Finance"],
            ["source-type", "add", "course"], ["source-type", "rm", "book"],
        ] {
            let result = try vault.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        #expect(
            try vault.read(".vault/config.yml") == """
                # My vault. Categories follow my life areas.
                version: 1
                timezone: Europe/Berlin   # where I live
                categories:
                  - name: 'Health'
                    color: "#00ff00"   # green
                  # Money matters
                  - name: Psychology
                    color: "#ef4444"
                  - name: Cooking
                    color: "#ff8800"
                source_types: [link, course]  # keep it short
                new_note_path: "{yyyy}/{mm}/{slug}.md"

                """)
    }
}
