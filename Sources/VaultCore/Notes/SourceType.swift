/// Source types: what kind of thing a note's source is.
public enum SourceType {
    /// The predefined source types, in the order `vault init` writes them.
    public static let predefined = ["link", "book", "video", "podcast", "article", "person", "other"]

    /// Hosts whose URLs are videos.
    static let videoHosts = [
        "youtube.com", "youtu.be", "vimeo.com", "dailymotion.com", "twitch.tv", "ted.com",
        "tiktok.com", "loom.com",
    ]

    /// The source type of a source with no `source_type`: `video` for a URL on
    /// a video host, `link` for any other URL, nil for anything that is not a URL.
    public static func inferred(fromSource source: String) -> String? {
        let lower = source.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
        let afterScheme = lower.drop(while: { $0 != "/" }).drop(while: { $0 == "/" })
        var host = String(afterScheme.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }))
        if host.hasPrefix("www.") { host.removeFirst(4) }
        if host.hasPrefix("m.") { host.removeFirst(2) }
        let isVideo = videoHosts.contains { host == $0 || host.hasSuffix("." + $0) }
        return isVideo ? "video" : "link"
    }
}
