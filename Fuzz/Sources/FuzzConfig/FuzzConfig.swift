import Foundation
import VaultCore
import VaultStore

/// The config reader (YAML with its limits, every key's rules) and the
/// line editor of config.yml on arbitrary text. Where the hand reader
/// (ConfigReader) reads the text, Yams must read it the same, lines included.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    if YAMLLimits.refusal(text) == nil, let byHand = ConfigReader.read(text) {
        let full = try? ConfigFile.composed(text, path: ".vault/config.yml")
        if full != byHand { fatalError("ConfigReader and Yams disagree on \(text.debugDescription)") }
    }
    if let config = try? ConfigFile.parse(text, path: ".vault/config.yml") {
        _ = ConfigFile.render(config)
        var changed = config
        changed.categories.append(Category(name: "Fuzz", color: "#000000"))
        let edited = ConfigText.updating(
            text, key: "categories",
            from: config.categories.map { ConfigText.Entry(name: $0.name, fields: [("color", $0.color)]) },
            to: changed.categories.map { ConfigText.Entry(name: $0.name, fields: [("color", $0.color)]) })
        _ = try? ConfigFile.parse(edited, path: ".vault/config.yml")
        _ = ConfigText.updating(text, key: "source_types", values: config.sourceTypes + ["fuzz"])
    }
    return 0
}
