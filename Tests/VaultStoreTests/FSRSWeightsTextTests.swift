import Foundation
import Testing
import VaultCore

@testable import VaultStore

@Suite("FSRS weights written into .vault/config.yml")
struct FSRSWeightsTextTests {
    let text = """
        version: 1
        timezone: UTC
        # Flashcards
        schedulers:
          default: fsrs   # the vault's
          fsrs:
            desired_retention: 0.85  # a bit lower
          folders:
            languages/: sm2
            exam/: { scheduler: fsrs, desired_retention: 0.95 }
            physics: fsrs
        subjects:
          - name: Spanish
            color: "#84cc16"

        """

    static let weights: [Double] = FSRSSettings.defaultParameters.map { (w: Double) -> Double in
        (w * 1.1 * 10_000).rounded() / 10_000
    }

    func config(_ text: String) throws -> VaultConfig { try ConfigFile.parse(text, path: ".vault/config.yml") }

    func parameters(_ settings: SchedulerSettings) -> [Double]? {
        if case .fsrs(let s) = settings { return s.parameters }
        return nil
    }

    @Test("the vault's weights go under schedulers.fsrs, every comment and other setting kept")
    func vaultWeights() throws {
        let old = try config(text)
        var new = old
        guard case .fsrs(var s) = old.schedulers.defaultSettings else { throw CancellationError() }
        s.parameters = Self.weights
        new.schedulers.defaultSettings = .fsrs(s)
        let written = FSRSWeightsText.updating(text, from: old.schedulers, to: new.schedulers)
        let back = try config(written)
        #expect(parameters(back.schedulers.defaultSettings) == Self.weights)
        #expect(written.contains("  fsrs:\n    desired_retention: 0.85  # a bit lower\n    parameters: [0.2332, "))
        #expect(written.contains("default: fsrs   # the vault's"))
        #expect(written.contains("# Flashcards"))
        #expect(back.subjects == old.subjects)
        // A folder taking the vault's weights follows them; one with its own settings too (it starts from them).
        #expect(parameters(back.schedulers.settings(forNotePath: "physics/a.md")) == Self.weights)
        #expect(FSRSWeightsText.holds(back.schedulers, weightsOf: new.schedulers, old: old.schedulers))
        // Written again, the line is replaced, not added.
        var newer = new
        s.parameters = FSRSSettings.defaultParameters
        newer.schedulers.defaultSettings = .fsrs(s)
        let again = FSRSWeightsText.updating(written, from: new.schedulers, to: newer.schedulers)
        #expect(again.components(separatedBy: "parameters:").count == 2)
        #expect(parameters(try config(again).schedulers.defaultSettings) == FSRSSettings.defaultParameters)
    }

    @Test("a folder's weights go into its flow map, or turn a bare scheduler name into one")
    func folderWeights() throws {
        let old = try config(text)
        for folder in ["exam/", "physics/"] {
            var new = old
            new.schedulers = SchedulerConfig(
                defaultSettings: old.schedulers.defaultSettings,
                folders: old.schedulers.folders.map { rule in
                    guard rule.prefix == folder, case .fsrs(var s) = rule.settings else { return rule }
                    s.parameters = Self.weights
                    return .init(prefix: rule.prefix, settings: .fsrs(s))
                })
            let written = FSRSWeightsText.updating(text, from: old.schedulers, to: new.schedulers)
            let back = try config(written)
            #expect(parameters(back.schedulers.settings(forNotePath: folder + "a.md")) == Self.weights)
            #expect(parameters(back.schedulers.defaultSettings) == FSRSSettings.defaultParameters)
            #expect(back.schedulers.settings(forNotePath: "languages/a.md") == .sm2)
            if case .fsrs(let s) = back.schedulers.settings(forNotePath: "exam/a.md") { #expect(s.desiredRetention == 0.95) }
        }
    }

    @Test("a config without schedulers gets the section")
    func newSection() throws {
        let plain = "version: 1\ntimezone: UTC\n"
        let old = try config(plain)
        var new = old
        var s = FSRSSettings()
        s.parameters = Self.weights
        new.schedulers.defaultSettings = .fsrs(s)
        let written = FSRSWeightsText.updating(plain, from: old.schedulers, to: new.schedulers)
        #expect(written.hasPrefix(plain))
        #expect(parameters(try config(written).schedulers.defaultSettings) == Self.weights)
    }

    @Test("an existing block list of weights is replaced whole")
    func blockList() throws {
        let listed = "timezone: UTC\nschedulers:\n  fsrs:\n    parameters:\n"
            + FSRSSettings.defaultParameters.map { "      - \($0)\n" }.joined() + "    fuzz: true\n"
        let old = try config(listed)
        var new = old
        var s = FSRSSettings()
        s.parameters = Self.weights
        s.fuzz = true
        new.schedulers.defaultSettings = .fsrs(s)
        let written = FSRSWeightsText.updating(listed, from: old.schedulers, to: new.schedulers)
        let back = try config(written)
        #expect(parameters(back.schedulers.defaultSettings) == Self.weights)
        #expect(written.contains("    fuzz: true"))
        #expect(!written.contains("      - "))
    }
}
