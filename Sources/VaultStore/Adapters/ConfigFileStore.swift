import Foundation
import VaultCore

/// ``ConfigStore`` over `.vault/config.yml` (``ConfigFile/save(_:replacing:to:)``).
public struct ConfigFileStore: ConfigStore, Sendable {
    public let layout: VaultLayout

    public init(layout: VaultLayout) { self.layout = layout }

    public func save(_ config: VaultConfig, replacing old: VaultConfig) throws {
        try ConfigFile.save(config, replacing: old, to: layout)
    }
}
