import Foundation

/// What reading one input from outside may cost, and what it has cost so
/// far: bytes unpacked (to memory or disk), bytes held in memory, rows
/// (records, lines, entries) and time. Every reader of untrusted bytes (an
/// Anki package's zip, zstd frames, SQLite rows and media; a CSV review log;
/// the language server's messages) takes from one budget for the whole
/// input, so what one part of a file is allowed cannot be spent again by
/// another, and a crafted file is refused with a sentence naming the limit
/// instead of filling the memory or the disk.
///
/// A value, with no clock: the reader measures the time and hands it in
/// (``checkTime(elapsed:while:)``).
public struct InputBudget: Sendable, Equatable {
    /// The most one input may cost.
    public struct Limits: Sendable, Equatable {
        /// Bytes written out of compressed data, in all.
        public var unpackedBytes: Int64
        /// Bytes kept in memory at once.
        public var heldBytes: Int64
        /// Rows, lines or entries read, in all.
        public var rows: Int64
        /// Seconds of work.
        public var seconds: Double

        public init(unpackedBytes: Int64, heldBytes: Int64, rows: Int64, seconds: Double) {
            self.unpackedBytes = unpackedBytes
            self.heldBytes = heldBytes
            self.rows = rows
            self.seconds = seconds
        }
    }

    /// Which limit was passed.
    public enum Resource: String, Sendable, Equatable {
        case unpackedBytes = "bytes unpacked"
        case heldBytes = "bytes held in memory"
        case rows
        case seconds
    }

    /// A limit passed while reading `what`.
    public struct Exceeded: Error, Equatable, Sendable {
        public var resource: Resource
        /// The limit, in the resource's unit.
        public var limit: Double
        /// What was being read (`'collection.anki21b'`, `the revlog table`).
        public var what: String

        public init(resource: Resource, limit: Double, what: String) {
            self.resource = resource
            self.limit = limit
            self.what = what
        }

        /// `'media 12' unpacks to more than 128 MB in all`, and the like.
        public var sentence: String {
            switch resource {
            case .unpackedBytes: return "\(what) unpacks to more than \(InputBudget.bytesText(limit)) in all"
            case .heldBytes: return "\(what) needs more than \(InputBudget.bytesText(limit)) of memory"
            case .rows: return "\(what) has more than \(Int64(limit)) rows in all"
            case .seconds: return "\(what) takes longer than \(Int(limit)) seconds to read"
            }
        }
    }

    public let limits: Limits
    public private(set) var unpacked: Int64 = 0
    public private(set) var held: Int64 = 0
    public private(set) var rows: Int64 = 0

    public init(_ limits: Limits) { self.limits = limits }

    /// Counts `bytes` more unpacked.
    /// - Throws: ``Exceeded`` past ``Limits/unpackedBytes``.
    public mutating func unpack(_ bytes: Int, while what: @autoclosure () -> String) throws {
        unpacked = Self.adding(unpacked, bytes)
        if unpacked > limits.unpackedBytes {
            throw Exceeded(resource: .unpackedBytes, limit: Double(limits.unpackedBytes), what: what())
        }
    }

    /// True when `bytes` more may still be unpacked (a size declared up front).
    public func allowsUnpacking(_ bytes: UInt64) -> Bool {
        bytes <= UInt64(max(0, limits.unpackedBytes - unpacked))
    }

    /// Counts `bytes` more held in memory.
    /// - Throws: ``Exceeded`` past ``Limits/heldBytes``.
    public mutating func hold(_ bytes: Int, while what: @autoclosure () -> String) throws {
        held = Self.adding(held, bytes)
        if held > limits.heldBytes {
            throw Exceeded(resource: .heldBytes, limit: Double(limits.heldBytes), what: what())
        }
    }

    /// Gives back `bytes` held (written out, or let go).
    public mutating func release(_ bytes: Int) { held = max(0, held - Int64(max(0, bytes))) }

    /// Counts one row (or `count`) more.
    /// - Throws: ``Exceeded`` past ``Limits/rows``.
    public mutating func row(_ count: Int = 1, while what: @autoclosure () -> String) throws {
        rows = Self.adding(rows, count)
        if rows > limits.rows { throw Exceeded(resource: .rows, limit: Double(limits.rows), what: what()) }
    }

    /// Checks the time spent so far, as the reader measured it.
    /// - Throws: ``Exceeded`` past ``Limits/seconds``.
    public func checkTime(elapsed seconds: Double, while what: @autoclosure () -> String) throws {
        if !(seconds <= limits.seconds) { throw Exceeded(resource: .seconds, limit: limits.seconds, what: what()) }
    }

    /// `a + b` for counts, saturating instead of trapping (a negative `b` counts nothing).
    static func adding(_ a: Int64, _ b: Int) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(Int64(max(0, b)))
        return overflow ? .max : sum
    }

    /// `512 MB`, `8 GB`: a limit as people read it.
    public static func bytesText(_ bytes: Double) -> String {
        if bytes >= Double(1 << 30) { return "\(Int((bytes / Double(1 << 30)).rounded())) GB" }
        if bytes >= Double(1 << 20) { return "\(Int((bytes / Double(1 << 20)).rounded())) MB" }
        return "\(Int(bytes)) bytes"
    }
}

extension InputBudget {
    /// An Anki package of `packedBytes`: unpacked at most 100 times its size
    /// (at least 128 MB, at most 8 GB: deflate reaches 1032:1 and zstd far
    /// more, so a ratio per entry alone lets a small file write gigabytes),
    /// 1 GB held, 10 million rows (notes, cards and reviews together), two minutes.
    public static func ankiPackage(packedBytes: Int64) -> InputBudget {
        let (scaled, overflow) = max(0, packedBytes).multipliedReportingOverflow(by: 100)
        let unpacked = min(8 << 30, max(128 << 20, overflow ? Int64.max : scaled))
        return InputBudget(Limits(unpackedBytes: unpacked, heldBytes: 1 << 30, rows: 10_000_000, seconds: 120))
    }

    /// A review log read as CSV (`vault fsrs --revlog`): 5 million rows, its text and entries in 1 GB.
    public static let revlogCSV = InputBudget(
        Limits(unpackedBytes: 0, heldBytes: 1 << 30, rows: 5_000_000, seconds: .infinity))

    /// One language-server message: 16 MB of content (a note of several
    /// megabytes sent whole fits, with JSON's escapes).
    public static let languageServerMessage = InputBudget(
        Limits(unpackedBytes: 0, heldBytes: 16 << 20, rows: 0, seconds: .infinity))
}
