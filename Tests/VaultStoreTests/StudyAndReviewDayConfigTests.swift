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
        #expect(reason("study:\n  preset: cram\n").contains("has a preset that is not one of normal, intensive, exam."))
        // An unknown study setting is kept as written, with a warning that guesses the one meant.
        #expect(try parse("study:\n  daly_limit: 3\n").warnings.first?.message.hasSuffix("Did you mean 'daily_limit'?") == true)
        #expect(reason("review_day:\n  weekly: someday\n").contains("'review_day.weekly' must be a weekday such as sunday."))
        #expect(reason("review_day:\n  monthly: 32\n").contains("config.yml:4"), "the key's line")
        #expect(reason("review_day:\n  weakly: monday\n").contains("Did you mean 'weekly'?"))
        #expect(reason("review_day: sunday\n").contains("'review_day' must be a map"))
    }

    @Test("limits_by_day reads weekdays, their first three letters, weekdays and weekend; a day named itself wins over its group")
    func limitsByDay() throws {
        let config = try parse(
            """
            study:
              preset: intensive
              limits_by_day:
                weekend: 10
                sunday: 0
                Mon: 20
                weekdays: 40

            """)
        #expect(config.study.preset == .intensive)
        #expect(config.study.limitsByDay == [0: 20, 1: 40, 2: 40, 3: 40, 4: 40, 5: 10, 6: 0])
        #expect(config.warnings.isEmpty)
        #expect(try parse("study:\n  limits_by_day: {saturday: 5}\n").study.limitsByDay == [5: 5])
        func reason(_ body: String) -> String {
            do {
                _ = try parse(body)
                return "read"
            } catch {
                return error.localizedDescription
            }
        }
        #expect(reason("study:\n  limits_by_day:\n    someday: 3\n").contains("names 'someday', which is not a weekday"))
        #expect(reason("study:\n  limits_by_day:\n    someday: 3\n").contains("config.yml:5"), "the key's line")
        #expect(reason("study:\n  limits_by_day:\n    sunday: -1\n").contains("'study.limits_by_day.sunday' must be a number of cards from 0 (a day off) to 10000."))
        #expect(reason("study:\n  limits_by_day:\n    sunday: 10001\n").contains("from 0 (a day off)"))
        #expect(reason("study:\n  limits_by_day: 5\n").contains("must be a map of weekdays"))
    }

    @Test("remind.at is an hour or best")
    func remindAt() throws {
        #expect(try parse("remind:\n  at: best\n").remind.at == .best)
        #expect(try parse("remind:\n  at: \"18:00\"\n").remind.at == .clock(18 * 60))
        #expect(try parse("").remind.at == nil)
        #expect(throws: VaultStoreError.self) { try parse("remind:\n  at: soon\n") }
    }
}
