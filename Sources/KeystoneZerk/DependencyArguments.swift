/// The arguments a dependency is made with, named when they are given and read by the same
/// names in the builder.
///
/// ```swift
/// Zerk.store.transient { storage, arguments in
///     Greeter(name: arguments.name, times: arguments.times) as GreeterProtocol
/// }
/// let greeter: GreeterProtocol = Zerk.standardStorage.restore(with: .arguments(name: "Ada", times: 2))
/// ```
///
/// Names and types are checked when the builder reads them, not when you compile: reading a
/// name that was not given, or as another type than the one given, traps with a message that
/// lists the arguments there are. Keystone's own `register { (r, name: String) in … }`
/// checks them at compile time instead.
@dynamicCallable
@dynamicMemberLookup
public struct DependencyArguments {
    /// No arguments; call it with labels to give some: `.arguments(name: "Ada")`.
    public static var arguments: DependencyArguments { DependencyArguments(values: [:]) }

    /// The arguments by name; unlabelled ones are named by their position, "0", "1", ….
    let values: [String: Any]

    /// Whether there are no arguments: such a restore is a restore without arguments.
    var isEmpty: Bool { values.isEmpty }

    /// Gives named arguments: `.arguments(name: "Ada", times: 2)`.
    ///
    /// - Parameter args: The arguments, by name.
    /// - Returns: Arguments with these values.
    public func dynamicallyCall(withKeywordArguments args: KeyValuePairs<String, Any>) -> DependencyArguments {
        var values: [String: Any] = [:]
        for (index, pair) in args.enumerated() {
            values[pair.key.isEmpty ? String(index) : pair.key] = pair.value
        }
        return DependencyArguments(values: values)
    }

    /// Gives arguments by position, read as `arguments[dynamicMember: "0"]` and so on.
    ///
    /// - Parameter args: The arguments, in order.
    /// - Returns: Arguments with these values.
    public func dynamicallyCall(withArguments args: [Any]) -> DependencyArguments {
        var values: [String: Any] = [:]
        for (index, value) in args.enumerated() {
            values[String(index)] = value
        }
        return DependencyArguments(values: values)
    }

    /// The argument given under `name`, as the type the builder reads it as.
    ///
    /// A name that was not given, or a value of another type, is a programming error: it
    /// traps with a message naming the arguments there are.
    public subscript<Value>(dynamicMember name: String) -> Value {
        guard let value = values[name] else {
            fatalError(
                "Zerk: no argument named `\(name)` was given. Given: \(summary). To fix, pass `\(name):` in `.arguments(…)` where the dependency is restored."
            )
        }
        guard let typed = value as? Value else {
            fatalError(
                "Zerk: the argument `\(name)` is a `\(type(of: value))`, not a `\(Value.self)`. Given: \(summary). To fix, pass a `\(Value.self)` or read it as a `\(type(of: value))`."
            )
        }
        return typed
    }

    /// The arguments as `name: Type`, for messages.
    var summary: String {
        values.isEmpty
            ? "none"
            : values.keys.sorted().map { "\($0): \(type(of: values[$0]!))" }.joined(separator: ", ")
    }
}
