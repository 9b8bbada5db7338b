import Foundation
import Testing

@testable import VaultCore

@Suite("search query parser")
struct SearchQueryParserTests {
    func parse(_ text: String) throws -> SearchQuery { try SearchQueryParser.parse(text) }

    func error(_ text: String) -> SearchQueryError? {
        do {
            _ = try SearchQueryParser.parse(text)
            return nil
        } catch let error as SearchQueryError {
            return error
        } catch {
            return nil
        }
    }

    func day(_ y: Int, _ m: Int, _ d: Int) -> CalendarDay { CalendarDay(year: y, month: m, day: d) }

    @Test("words become separate groups that must all match")
    func wordsAreAnded() throws {
        #expect(try parse("habit  systems") == SearchQuery(groups: [[.word("habit")], [.word("systems")]]))
    }

    @Test("a quoted phrase is one term; a quoted single word is a word")
    func phrases() throws {
        #expect(try parse("\"deep work\" focus") == SearchQuery(groups: [[.phrase("deep work")], [.word("focus")]]))
        #expect(try parse("\"focus\"") == SearchQuery(groups: [[.word("focus")]]))
    }

    @Test("a trailing star makes a prefix term")
    func prefix() throws {
        #expect(try parse("habit*") == SearchQuery(groups: [[.prefix("habit")]]))
    }

    @Test("a leading minus excludes a word or a phrase")
    func exclusion() throws {
        #expect(
            try parse("habit -sleep -\"deep work\"")
                == SearchQuery(groups: [[.word("habit")]], excluded: [.word("sleep"), .phrase("deep work")]))
    }

    @Test("OR joins its neighbours into one group, and chains")
    func orGroups() throws {
        #expect(
            try parse("habit OR routine OR ritual focus")
                == SearchQuery(groups: [[.word("habit"), .word("routine"), .word("ritual")], [.word("focus")]]))
    }

    @Test("lowercase or is an ordinary word")
    func lowercaseOr() throws {
        #expect(try parse("this or that") == SearchQuery(groups: [[.word("this")], [.word("or")], [.word("that")]]))
    }

    @Test("text filters keep their value; tag drops a leading #")
    func textFilters() throws {
        let query = try parse("tag:#habits category:Health source:atomic type:book path:./2026/11/")
        #expect(
            query.filters == [
                SearchFilter(.tag("habits")), SearchFilter(.category("Health")), SearchFilter(.source("atomic")),
                SearchFilter(.sourceType("book")), SearchFilter(.path("2026/11/")),
            ])
        #expect(query.isFilterOnly)
    }

    @Test("a quoted filter value may hold spaces")
    func quotedFilterValue() throws {
        #expect(
            try parse("source:\"Deep Work\" focus")
                == SearchQuery(groups: [[.word("focus")]], filters: [SearchFilter(.source("Deep Work"))]))
    }

    @Test("a minus before a filter negates it")
    func negatedFilter() throws {
        #expect(try parse("-tag:draft").filters == [SearchFilter(.tag("draft"), negated: true)])
    }

    @Test("cycle and archived read their named values")
    func cycleAndArchived() throws {
        #expect(
            try parse("cycle:Monthly archived:no").filters == [
                SearchFilter(.cycle(.monthly)), SearchFilter(.archived(false)),
            ])
        #expect(try parse("archived:yes").filters == [SearchFilter(.archived(true))])
    }

    @Test("created takes a year, a month or a day as a span")
    func createdSpans() throws {
        #expect(
            try parse("created:2026").filters == [
                SearchFilter(.created(CreatedRange(start: day(2026, 1, 1), end: day(2027, 1, 1))))
            ])
        #expect(
            try parse("created:2026-11").filters == [
                SearchFilter(.created(CreatedRange(start: day(2026, 11, 1), end: day(2026, 12, 1))))
            ])
        #expect(
            try parse("created:2026-12").filters == [
                SearchFilter(.created(CreatedRange(start: day(2026, 12, 1), end: day(2027, 1, 1))))
            ])
        #expect(
            try parse("created:2026-11-30").filters == [
                SearchFilter(.created(CreatedRange(start: day(2026, 11, 30), end: day(2026, 12, 1))))
            ])
    }

    @Test("created comparisons bound one side")
    func createdComparisons() throws {
        #expect(
            try parse("created:>=2026-01-01").filters == [
                SearchFilter(.created(CreatedRange(start: day(2026, 1, 1), end: nil)))
            ])
        #expect(
            try parse("created:>2026-01").filters == [
                SearchFilter(.created(CreatedRange(start: day(2026, 2, 1), end: nil)))
            ])
        #expect(
            try parse("created:<2026-01-05").filters == [
                SearchFilter(.created(CreatedRange(start: nil, end: day(2026, 1, 5))))
            ])
        #expect(
            try parse("created:<=2026-01-05").filters == [
                SearchFilter(.created(CreatedRange(start: nil, end: day(2026, 1, 6))))
            ])
    }

    @Test("created ranges include both ends, and may be open")
    func createdRanges() throws {
        #expect(
            try parse("created:2026-01..2026-03").filters == [
                SearchFilter(.created(CreatedRange(start: day(2026, 1, 1), end: day(2026, 4, 1))))
            ])
        #expect(
            try parse("created:2026-01-10..").filters == [
                SearchFilter(.created(CreatedRange(start: day(2026, 1, 10), end: nil)))
            ])
    }

    @Test("created bounds are midnights in the vault's zone")
    func createdBounds() throws {
        let range = CreatedRange(start: day(2026, 11, 18), end: day(2026, 11, 19))
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let bounds = range.bounds(in: paris)
        #expect(bounds.start == VaultDate.parse("2026-11-17T23:00:00Z", in: .gmt))
        #expect(bounds.end == VaultDate.parse("2026-11-18T23:00:00Z", in: .gmt))
    }

    @Test("text without letters or digits is skipped, so SQL-looking text is just words")
    func unsearchableTextSkipped() throws {
        #expect(
            try parse("'); DROP TABLE notes; --")
                == SearchQuery(groups: [[.word("DROP")], [.word("TABLE")], [.word("notes;")]]))
    }

    @Test("an empty query is an error; one of text with nothing searchable in it says so")
    func emptyQuery() {
        #expect(error("") == .emptyQuery)
        #expect(error("   ") == .emptyQuery)
        #expect(error("-- ;") == .nothingSearchable)
        #expect(error("🎉") == .nothingSearchable)
        #expect(error("🎉 ✨")?.localizedDescription.contains("no letter or digit") == true)
    }

    @Test("an unclosed quote names the column of the quote")
    func unclosedQuote() {
        #expect(error("habit \"deep work") == .unclosedQuote(column: 7))
        #expect(error("source:\"Deep") == .unclosedQuote(column: 8))
    }

    @Test("an unknown filter names its column")
    func unknownFilter() {
        #expect(error("habit colour:red") == .unknownFilter(name: "colour", column: 7))
        #expect(error("-colour:red") == .unknownFilter(name: "colour", column: 2))
    }

    @Test("a filter without a value names its column")
    func emptyFilterValue() {
        #expect(error("focus tag:") == .emptyFilterValue(name: "tag", column: 7))
    }

    @Test("a bad date names the column of the value")
    func badDate() {
        #expect(error("created:2026-13") == .badDate(text: "2026-13", column: 9))
        #expect(error("x created:2026-02-30") == .badDate(text: "2026-02-30", column: 11))
        #expect(error("created:>=soon") == .badDate(text: ">=soon", column: 9))
        #expect(error("created:2026-03..2026-01") == .badDate(text: "2026-03..2026-01", column: 9))
    }

    @Test("a bad cycle or archived value names its column and the accepted values")
    func badValues() {
        #expect(
            error("cycle:hourly")
                == .badValue(filter: "cycle", value: "hourly", column: 7, expected: "daily, weekly, monthly or yearly"))
        #expect(
            error("archived:maybe") == .badValue(filter: "archived", value: "maybe", column: 10, expected: "yes or no"))
    }

    @Test("OR at either end or next to a filter is an error at the OR")
    func misplacedOr() {
        #expect(error("OR habit") == .misplacedOr(column: 1))
        #expect(error("habit OR") == .misplacedOr(column: 7))
        #expect(error("habit OR tag:x") == .misplacedOr(column: 7))
        #expect(error("habit OR -sleep") == .misplacedOr(column: 7))
    }

    @Test("error messages name the column and the fix in a full sentence")
    func messages() {
        #expect(
            SearchQueryError.unclosedQuote(column: 7).localizedDescription
                == "column 7: the quote opened here is never closed; add a closing \".")
        #expect(
            SearchQueryError.badDate(text: "2026-13", column: 9).localizedDescription.hasPrefix(
                "column 9: '2026-13' is not a date"))
    }
}

@Suite("Silent values made loud")
struct SilentValueTests {
    @Test("tag:# is the same mistake as tag:, and an offset beyond ±14:00 is no date")
    func refusals() {
        #expect(throws: SearchQueryError.emptyFilterValue(name: "tag", column: 1)) {
            try SearchQueryParser.parse("tag:#")
        }
        let zone = TimeZone(identifier: "UTC")!
        #expect(VaultDate.parse("2026-11-18T10:00:00+99:99", in: zone) == nil)
        #expect(VaultDate.parse("2026-11-18T10:00:00+05:75", in: zone) == nil)
        #expect(VaultDate.parse("2026-11-18T10:00:00+14:00", in: zone) != nil)
        #expect(VaultDate.parse("2026-11-18T10:00:00-12:00", in: zone) != nil)
    }
}
