/// The name that tells apart several registrations of the same service type.
///
/// Write names as string literals, or declare them once as constants so that a typo becomes
/// a compile error instead of a missing registration:
///
/// ```swift
/// extension Name {
///     static let audit: Name = "audit"
/// }
///
/// container.register(Logger.self, name: .audit) { _ in AuditLogger() }
/// let logger = container.resolve(Logger.self, name: .audit)
/// ```
///
/// A name is reduced to a 64-bit number when it is created (a hash of its text), so that a
/// registry lookup compares integers instead of strings. No table remembers names: a name
/// costs nothing once the values that hold it are gone, and making one takes no lock.
/// Declaring names as `static let` constants also saves hashing the text on each use.
public struct Name: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The text of the name.
    public let rawValue: String
    /// The number registry keys use for `rawValue`: a hash of the text, never 0 (0 stands
    /// for "no name"). Two different texts with the same number (about one chance in 2⁶⁴ per
    /// pair) are caught when the second is registered under a key the first has.
    @usableFromInline let id: Int

    /// Creates a name from its text.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
        // FNV-1a over the UTF-8 bytes: a few instructions a byte, where `Hasher` (SipHash,
        // seeded per process) cost about 200 for a short name, paid on every resolve that
        // writes its name as a literal. Names are written in code, not taken from outside, so a
        // hash that is not keyed is enough.
        func fnv1a<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            return hash
        }
        // Over the bytes in place (a short string's are copied to the stack once): stepping
        // through the UTF-8 view itself cost about 30 instructions a byte.
        let hash = rawValue.utf8.withContiguousStorageIfAvailable(fnv1a) ?? fnv1a(rawValue.utf8)
        let id = Int(truncatingIfNeeded: hash)
        self.id = id == 0 ? 1 : id
    }

    /// Creates a name from a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The name in quotes, as diagnostics show it.
    public var description: String { "\"\(rawValue)\"" }

    /// Whether two names have the same text.
    public static func == (lhs: Name, rhs: Name) -> Bool { lhs.id == rhs.id && lhs.rawValue == rhs.rawValue }
    /// Hashes the number of the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
