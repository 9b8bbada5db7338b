import Foundation
import Testing

/// `/calendar.ics?feed=TOKEN` as a phone's calendar app meets it: no cookie,
/// the feed's own token (linked from the dashboard), nothing else it opens,
/// and a calendar Python's `icalendar` reads, with alarms.
@Suite("vault serve: the calendar feed", .serialized)
struct CalendarFeedTests {
    @Test("the feed opens without the cookie, with its own token only, and parses with icalendar")
    func feed() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let server = try RunningServer(sandbox: vault)
        defer { _ = server.stop() }
        let dashboard = try server.curl("/")
        let href = try #require(
            dashboard.body.components(separatedBy: "id=\"calendar-feed\" class=\"button\" href=\"").dropFirst().first?
                .prefix { $0 != "\"" })
        let path = String(href).replacingOccurrences(of: "&amp;", with: "&")
        #expect(path.hasPrefix("/calendar.ics?feed="))
        let feedToken = String(path.dropFirst("/calendar.ics?feed=".count))
        #expect(feedToken != server.token)
        let feed = try server.curl(path, cookie: false)
        #expect(feed.status == 200)
        #expect(feed.header("content-type")?.hasPrefix("text/calendar") == true)
        #expect(feed.body.hasPrefix("BEGIN:VCALENDAR"))
        #expect(feed.body.contains("BEGIN:VALARM"))
        // The feed's token opens nothing else, and a wrong one opens nothing.
        #expect(try server.curl("/calendar.ics?feed=\(String(repeating: "a", count: 32))", cookie: false).status == 403)
        #expect(try server.curl("/calendar.ics", cookie: false).status == 401)
        #expect(try server.curl("/?feed=\(feedToken)", cookie: false).status == 401)
        #expect(try server.curl("/study?feed=\(feedToken)", cookie: false).status == 401)
        #expect(try server.curl("/?token=\(feedToken)", cookie: false).status == 403)

        guard BrowserTests.python != nil else { return }
        let python = try BrowserTests.venvPython(packages: ["icalendar=icalendar"])
        let file = vault.root.appendingPathComponent("feed.ics")
        try feed.body.write(to: file, atomically: true, encoding: .utf8)
        let check = """
            import sys, icalendar
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            events = [c for c in cal.walk('VEVENT')]
            alarms = [a for a in cal.walk('VALARM')]
            print(len(events), len(alarms))
            print('\\n'.join(str(e.get('SUMMARY')) for e in events))
            """
        let parsed = try ServeSandbox.run(python, ["-c", check, file.path], environment: ProcessInfo.processInfo.environment)
        #expect(parsed.status == 0, "\(parsed.stderr)")
        let counts = parsed.stdout.split(separator: "\n").first?.split(separator: " ").compactMap { Int($0) } ?? []
        #expect(counts.count == 2 && counts[0] > 0 && counts[1] > 0, "\(parsed.stdout)")
        #expect(parsed.stdout.contains("Study"), "\(parsed.stdout)")
    }
}
