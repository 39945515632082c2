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
/// A name is interned to a small integer when it is created, so that a registry lookup
/// compares integers instead of hashing strings. Declaring names as `static let` constants
/// therefore also makes named resolves cheaper.
public struct Name: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The text of the name.
    public let rawValue: String
    /// The interned number of `rawValue`; never 0 (0 stands for "no name" in registry keys).
    @usableFromInline let id: Int

    /// Creates a name from its text.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
        self.id = NameTable.shared.id(for: rawValue)
    }

    /// Creates a name from a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The name in quotes, as diagnostics show it.
    public var description: String { "\"\(rawValue)\"" }

    /// Whether two names have the same text (compared by their interned numbers).
    public static func == (lhs: Name, rhs: Name) -> Bool { lhs.id == rhs.id }
    /// Hashes the interned number of the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// The process-wide table that interns names.
final class NameTable: @unchecked Sendable {  // `lock` guards `ids`.
    static let shared = NameTable()

    private let lock = Lock()
    private var ids: [String: Int] = [:]

    func id(for name: String) -> Int {
        lock.withLock {
            if let id = ids[name] { return id }
            let id = ids.count + 1
            ids[name] = id
            return id
        }
    }
}
