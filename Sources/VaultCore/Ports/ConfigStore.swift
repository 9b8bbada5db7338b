import Foundation

/// `.vault/config.yml` as use cases see it. The config itself is read once,
/// when the context is made (``AppContext/config``); this port writes it back.
public protocol ConfigStore {
    /// Saves `config`, which was `old` when read: only the settings that
    /// changed are rewritten (comments, quoting and key order stay), and the
    /// file is replaced atomically.
    /// - Throws: when the file cannot be written.
    func save(_ config: VaultConfig, replacing old: VaultConfig) throws
}
