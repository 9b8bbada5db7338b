import VaultCore

/// The seeded generator the tests make their data with (the same on every run).
typealias SplitMix = SplitMix64
