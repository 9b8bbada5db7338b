import Foundation
import Testing
import VaultCore

@testable import VaultStore

@Suite("study: and review_day: in .vault/config.yml")
struct StudyAndReviewDayConfigTests {
    func parse(_ body: String) throws -> VaultConfig {
        try ConfigFile.parse("version: 1\ntimezone: UTC\n" + body, path: ".vault/config.yml")
    }

    @Test("the settings are read, kept as written for the file's next write, and warn of nothing")
    func read() throws {
        let config = try parse(
            """
            study:
              daily_limit: 45
              preset: exam
            review_day:
              weekly: wednesday
              monthly: 15
              yearly: 03-01

            """)
        #expect(config.study == StudySettings(dailyLimit: 45, preset: .exam))
        #expect(config.reviewSchedule == ReviewSchedule(weekday: 3, monthDay: 15, yearMonth: 3, yearDay: 1))
        #expect(config.warnings.isEmpty)
        #expect(config.extra["study"] != nil && config.extra["review_day"] != nil)
        #expect(try parse("").study == StudySettings())
        #expect(try parse("").reviewSchedule == .standard)
    }

    @Test("a value that reads as nothing is an error naming the key, its line and what to write")
    func errors() throws {
        func reason(_ body: String) -> String {
            do {
                _ = try parse(body)
                return "read"
            } catch {
                return error.localizedDescription
            }
        }
        #expect(reason("study:\n  daily_limit: lots\n").contains("'study' has a daily_limit that is not a number of cards (1 to 10000)."))
        #expect(reason("study:\n  preset: cram\n").contains("has a preset that is not one of normal, exam."))
        // An unknown study setting is kept as written, with a warning that guesses the one meant.
        #expect(try parse("study:\n  daly_limit: 3\n").warnings.first?.message.hasSuffix("Did you mean 'daily_limit'?") == true)
        #expect(reason("review_day:\n  weekly: someday\n").contains("'review_day.weekly' must be a weekday such as sunday."))
        #expect(reason("review_day:\n  monthly: 32\n").contains("config.yml:4"), "the key's line")
        #expect(reason("review_day:\n  weakly: monday\n").contains("Did you mean 'weekly'?"))
        #expect(reason("review_day: sunday\n").contains("'review_day' must be a map"))
    }

    @Test("remind.at is an hour or best")
    func remindAt() throws {
        #expect(try parse("remind:\n  at: best\n").remind.at == .best)
        #expect(try parse("remind:\n  at: \"18:00\"\n").remind.at == .clock(18 * 60))
        #expect(try parse("").remind.at == nil)
        #expect(throws: VaultStoreError.self) { try parse("remind:\n  at: soon\n") }
    }
}
