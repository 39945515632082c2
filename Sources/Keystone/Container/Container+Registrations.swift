/// What a container knows about one registration, read without building anything: for tools,
/// tests and adapters that need to know what is registered, where and how long it lives.
///
/// ```swift
/// let shop = Container()
/// shop.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
///
/// let info = shop.registration(for: APIClient.self)
/// print(info?.scope == .singleton)  // true
/// print(info?.registeredAt ?? "")   // "App/Wiring.swift:2"
/// ```
public struct RegistrationInfo: Sendable, CustomStringConvertible {
    /// The service type it is registered for.
    public let service: Any.Type
    /// The name it is registered under, if any.
    public let name: Name?
    /// How long its instances live.
    public let scope: Scope
    /// The tuple of its runtime argument types; `Void.self` when it takes none.
    public let argumentTypes: Any.Type
    /// Where it was registered, as `Module/File.swift:line`.
    public let registeredAt: String
    /// Whether its factory is async (resolved with `resolveAsync`).
    public let isAsync: Bool
    /// Whether it is built on the main actor
    /// (``Container/registerMainActor(_:name:scope:file:line:factory:)``).
    public let isMainActor: Bool
    /// Whether it is a type bound to another registration with `bind(_:)`.
    public let isBinding: Bool
    /// How far up the parents it was found: 0 in the container asked, 1 in its parent, …
    public let depth: Int

    init(_ entry: AnyEntry, depth: Int) {
        service = entry.serviceType
        name = entry.name
        scope = entry.scope
        argumentTypes = entry.argumentTypes
        registeredAt = entry.location.description
        isAsync = entry.isAsync
        isMainActor = entry.isMainActor
        isBinding = entry.boundTo != nil
        self.depth = depth
    }

    /// The registration as diagnostics name it, its scope and its site, such as
    /// "`Logger` (name: "audit") .singleton at App/Wiring.swift:3".
    public var description: String {
        "\(Failure.describe(service: service, name: name, arguments: argumentTypes)) \(scope) at \(registeredAt)"
    }
}

extension Container {
    /// The registration a resolve of `type` under `name`, with these argument types, would use:
    /// this container's, or the nearest parent's; nil when there is none. Builds nothing.
    ///
    /// A first-use hook (``AutoRegistering``) still to run runs first, as it would for a resolve.
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - name: The name, if any.
    ///   - arguments: The registration's runtime argument types, in order.
    public func registration<Service, each Argument>(
        for type: Service.Type,
        name: Name? = nil,
        arguments: repeat (each Argument).Type
    ) -> RegistrationInfo? {
        _ = FirstUseGate.runPending(from: self)
        let key = RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self)
        var depth = 0
        var current: Container? = self
        while let container = current {
            if let slot = container.registry.slot(for: key), let entry = slot.lock.withLock({ slot.entry }) {
                return RegistrationInfo(entry, depth: depth)
            }
            depth += 1
            current = container.parent
        }
        return nil
    }

    /// Whether a resolve of `type` under `name`, with these argument types, finds a
    /// registration here or in a parent. Builds nothing.
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - name: The name, if any.
    ///   - arguments: The registration's runtime argument types, in order.
    public func isRegistered<Service, each Argument>(
        _ type: Service.Type,
        name: Name? = nil,
        arguments: repeat (each Argument).Type
    ) -> Bool {
        registration(for: type, name: name, arguments: repeat each arguments) != nil
    }

    /// This container's own registrations (not its parents'), ordered by where they were
    /// registered (file, then line). Builds nothing.
    public var registrations: [RegistrationInfo] {
        _ = FirstUseGate.runPending(from: self)
        return registry.allSlots
            .compactMap { slot in slot.lock.withLock { slot.entry } }
            .map { RegistrationInfo($0, depth: 0) }
            .sorted { ($0.registeredAt.fileAndLine) < ($1.registeredAt.fileAndLine) }
    }
}

extension String {
    /// `File.swift:12` as a pair that sorts by file, then by line as a number.
    fileprivate var fileAndLine: FileAndLine {
        guard let colon = lastIndex(of: ":"), let line = Int(self[index(after: colon)...]) else {
            return FileAndLine(file: self, line: 0)
        }
        return FileAndLine(file: String(self[..<colon]), line: line)
    }
}

/// A place in the source, ordered by file, then line.
private struct FileAndLine: Comparable {
    let file: String
    let line: Int

    static func < (a: FileAndLine, b: FileAndLine) -> Bool {
        (a.file, a.line) < (b.file, b.line)
    }
}
