extension Resolver {
    /// The name that tells apart registrations of the same service type.
    ///
    /// Write names as string literals, or declare them once:
    ///
    /// ```swift
    /// extension Resolver.Name {
    ///     static let fred = Self("Fred")
    ///     static let barney = Self("Barney")
    /// }
    /// ```
    public struct Name: ExpressibleByStringLiteral, Hashable, Sendable {
        /// The text of the name.
        public let rawValue: String

        /// Creates a name from its text.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// Creates a name from a string literal.
        public init(stringLiteral: String) {
            self.rawValue = stringLiteral
        }

        /// The name with the text `string`, or nil when `string` is nil.
        public static func name(fromString string: String?) -> Name? {
            string.map { Name($0) }
        }
    }
}

extension Resolver {
    /// The arguments a resolve passed to a factory: one value, or several keyed by name.
    ///
    /// ```swift
    /// resolver.register { _, args in ItemDetail(id: args("id"), title: args("title")) }
    /// let detail: ItemDetail = resolver.resolve(args: ["id": 42, "title": "Answer"])
    /// ```
    ///
    /// Reading an argument that is missing, or of another type, is a programming error and
    /// traps with a message that names it; `optional` returns nil instead.
    public struct Args {
        private let values: [String: Any?]

        /// Wraps what was passed as `args`: another `Args`, a `[String: Any?]` dictionary of
        /// keyed arguments, or a single value.
        public init(_ args: Any?) {
            if let args = args as? Args {
                self.values = args.values
            } else if let keyed = args as? [String: Any?] {
                self.values = keyed
            } else if let keyed = args as? [String: Any] {
                self.values = keyed.mapValues { $0 }
            } else {
                self.values = ["": args]
            }
        }

        /// The single argument, as a `T`.
        public func callAsFunction<T>() -> T {
            get()
        }

        /// The argument under `key`, as a `T`.
        public func callAsFunction<T>(_ key: String) -> T {
            get(key)
        }

        /// The single argument as a `T`, or nil if it is missing or of another type.
        public func optional<T>() -> T? {
            values.first?.value as? T
        }

        /// The argument under `key` as a `T`, or nil if it is missing or of another type.
        public func optional<T>(_ key: String) -> T? {
            values[key].flatMap { $0 } as? T
        }

        /// The single argument, as a `T`.
        public func get<T>() -> T {
            guard values.count == 1, let value = values.first?.value as? T else {
                fatalError(
                    "KeystoneResolver: the factory asked for its single argument as `\(T.self)`, but the resolve passed \(describe()). To fix, pass one `\(T.self)` as `args:`, or read keyed arguments with `args(\"key\")`."
                )
            }
            return value
        }

        /// The argument under `key`, as a `T`.
        public func get<T>(_ key: String) -> T {
            guard let value = values[key].flatMap({ $0 }) as? T else {
                fatalError(
                    "KeystoneResolver: the factory asked for the argument \"\(key)\" as `\(T.self)`, but the resolve passed \(describe()). To fix, pass `args: [\"\(key)\": …]` with a `\(T.self)`."
                )
            }
            return value
        }

        private func describe() -> String {
            if values.isEmpty { return "no arguments" }
            return values.map { key, value in
                let type = value.map { String(describing: Swift.type(of: $0)) } ?? "nil"
                return key.isEmpty ? "one `\(type)`" : "\"\(key)\": `\(type)`"
            }.sorted().joined(separator: ", ")
        }
    }
}
