import Foundation

/// The settings of one vault, read from `.vault/config.yml`.
///
/// A plain value: the store reads and writes the file, the core only uses it.
public struct VaultConfig: Hashable, Sendable {
    /// The config format version this build writes.
    public static let currentVersion = 1

    public var version: Int
    /// The vault's time zone identifier (IANA), e.g. `Europe/Berlin`. Periods
    /// and zone-less dates are computed in it, never in the machine's zone.
    public var timeZoneIdentifier: String
    /// Categories, in the order written in the file.
    public var categories: [Category]
    /// Known source types (predefined plus custom ones).
    public var sourceTypes: [String]
    /// Where `vault new` puts notes: `{yyyy}`, `{mm}`, `{dd}` and `{slug}` are filled in.
    public var newNotePath: String
    /// The moment the example vault is shown at (`make run` sets `VAULT_NOW` to it).
    public var referenceDate: String?
    /// Keys this build does not know, kept so that writing the file back loses nothing.
    public var extra: [String: String]
    /// Which scheduler each folder's cards use (the `schedulers:` section), their days counted
    /// in the vault's zone (``timeZoneIdentifier``: the one place the zone is kept).
    public var schedulers: SchedulerConfig {
        get { schedulerSection.inZone(timeZoneIdentifier) }
        set { schedulerSection = newValue.inZone("UTC") }
    }
    private var schedulerSection = SchedulerConfig()
    /// Which notes hold flashcards (`decks:` and `deck_tag:`); none when the file names no deck.
    public var decks = Decks()
    /// When commands start a background watcher (`watcher:`).
    public var watcher = WatcherMode.auto
    /// What study sessions are about (`subjects:`), in the order written.
    public var subjects: [Subject] = []
    /// When `vault remind` may notify (`remind:`; kept as written in `extra`).
    public var remind = RemindSettings()
    /// The day each period's review falls due (`review_day:`; kept as written in `extra`).
    public var reviewSchedule = ReviewSchedule.standard
    /// The saved daily limit and intensity preset of `vault study`, and how sessions treat
    /// overdue cards, leeches and the timer (`study:`; kept as written in `extra`).
    public var study = StudySettings()
    /// The Spaced Repetition plugin's settings (`obsidian_sr:`; kept as written in `extra`): a
    /// vault adopted from the plugin reads its cards in the plugin's syntax. Nil in other vaults.
    public var obsidianSR: ObsidianSRSettings?
    /// Whether `vault status` and the dashboard show a memory tip of the day (`tips: false` turns it off).
    public var tips = true
    /// How many archives `vault backup` keeps (`backup:`; kept as written in `extra`).
    public var backup = BackupSettings()
    /// What the file holds that is read but suspect (a key written twice), for `vault check`.
    public var warnings: [Diagnostic] = []

    public init(
        version: Int = VaultConfig.currentVersion, timeZoneIdentifier: String,
        categories: [Category] = Category.predefined, sourceTypes: [String] = SourceType.predefined,
        newNotePath: String = VaultConfig.defaultNewNotePath, referenceDate: String? = nil,
        extra: [String: String] = [:]
    ) {
        self.version = version
        self.timeZoneIdentifier = timeZoneIdentifier
        self.categories = categories
        self.sourceTypes = sourceTypes
        self.newNotePath = newNotePath
        self.referenceDate = referenceDate
        self.extra = extra
    }

    public static let defaultNewNotePath = "{yyyy}/{mm}/{slug}.md"

    /// The syntax the vault's cards are written in: the plugin's when the config has an
    /// `obsidian_sr:` section, else `vault`'s own.
    public var cardSyntax: CardSyntax { obsidianSR.map { .obsidianSR($0.syntax) } ?? .vault }

    /// The vault's zone; UTC when the identifier is unknown to this machine.
    public var timeZone: TimeZone {
        TimeZone(identifier: timeZoneIdentifier) ?? TimeZone(identifier: "UTC")!
    }

    /// The category named `name`, compared case-insensitively.
    public func category(named name: String) -> Category? {
        categories.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// The subject named `name`, compared case-insensitively.
    public func subject(named name: String) -> Subject? {
        subjects.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// True when `type` is a known source type (case-insensitive).
    public func knowsSourceType(_ type: String) -> Bool {
        sourceTypes.contains { $0.caseInsensitiveCompare(type) == .orderedSame }
    }
}

/// A note category and the colour it is shown in.
public struct Category: Hashable, Sendable, Codable {
    public var name: String
    /// A `#rrggbb` colour.
    public var color: String

    public init(name: String, color: String) {
        self.name = name
        self.color = color
    }

    /// The nine categories of a new vault, with their colours.
    public static let predefined: [Category] = [
        Category(name: "Productivity", color: "#137fec"),
        Category(name: "Relationships", color: "#ec4899"),
        Category(name: "Health", color: "#10b981"),
        Category(name: "Finance", color: "#f59e0b"),
        Category(name: "Leadership", color: "#8b5cf6"),
        Category(name: "Mindset", color: "#ef4444"),
        Category(name: "Career", color: "#06b6d4"),
        Category(name: "Communication", color: "#84cc16"),
        Category(name: "Learning", color: "#fb923c"),
    ]

    /// True when `text` is a `#rrggbb` colour.
    public static func isValidColor(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "#") else { return false }
        return bytes.dropFirst().allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) }
    }
}
