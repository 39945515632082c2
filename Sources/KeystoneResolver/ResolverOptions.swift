import Keystone

/// A factory that takes nothing.
public typealias ResolverFactory<Service> = () -> Service?
/// A factory that takes the resolver the resolution started from.
public typealias ResolverFactoryResolver<Service> = (_ resolver: Resolver) -> Service?
/// A factory that takes the resolver and the resolve's arguments.
public typealias ResolverFactoryArgumentsN<Service> = (_ resolver: Resolver, _ args: Resolver.Args) -> Service?
/// A block that completes a new instance.
public typealias ResolverFactoryMutator<Service> = (_ resolver: Resolver, _ service: Service) -> Void
/// A block that completes a new instance, with the resolve's arguments.
public typealias ResolverFactoryMutatorArgumentsN<Service> = (
    _ resolver: Resolver, _ service: Service, _ args: Resolver.Args
) -> Void

/// A registration just made, to refine: its scope, the protocols it implements, and blocks
/// that complete each new instance.
///
/// ```swift
/// Resolver.register { NetworkService() }
///     .implements(Fetching.self)
///     .scope(.application)
/// ```
///
/// The Keystone registration underneath is made once the chain ends (or when the service is
/// first looked up), so that it has its final scope.
public final class ResolverOptions<Service> {
    let specification: RegistrationSpec<Service>
    let container: Container

    init(specification: RegistrationSpec<Service>, container: Container) {
        self.specification = specification
        self.container = container
    }

    deinit {
        // The chain of refinements has ended: make the Keystone registration, in its scope.
        specification.installIfPending(in: container)
    }

    /// Makes the service resolvable as `type` too (a protocol it implements, a superclass),
    /// under `name` if given: resolving `type` resolves this registration, in its scope.
    @discardableResult
    public func implements<Protocol>(_ type: Protocol.Type, name: Resolver.Name? = nil) -> ResolverOptions<Service> {
        let serviceName = specification.name
        let forwarding = RegistrationSpec<Protocol>(
            name: name,
            registrant: specification.registrant.object,
            scope: .unique,
            file: specification.file,
            line: specification.line
        ) { resolver, args in
            resolver.resolve(Service.self, name: serviceName, args: args) as? Protocol
        }
        forwarding.note(in: container)
        forwarding.installIfPending(in: container)
        return self
    }

    /// Runs `block` on every new instance, after its factory: to set properties, or to close
    /// a cycle. While it runs, resolving this registration again in the same resolution
    /// returns the new instance.
    @discardableResult
    public func resolveProperties(_ block: @escaping ResolverFactoryMutator<Service>) -> ResolverOptions<Service> {
        specification.addProperties { resolver, service, _ in block(resolver, service) }
        specification.refresh(in: container)
        return self
    }

    /// Runs `block` on every new instance, after its factory, with the resolve's arguments.
    @discardableResult
    public func resolveProperties(
        _ block: @escaping ResolverFactoryMutatorArgumentsN<Service>
    ) -> ResolverOptions<Service> {
        specification.addProperties(block)
        specification.refresh(in: container)
        return self
    }

    /// Sets the scope in which instances are kept; see ``ResolverScope``.
    @discardableResult
    public func scope(_ scope: ResolverScope) -> ResolverOptions<Service> {
        specification.setScope(scope)
        specification.refresh(in: container)
        return self
    }
}

/// Everything a Resolver registration says, from which its Keystone registration is made
/// (and made again when a refinement changes it).
final class RegistrationSpec<Service>: RegistrationSpecification {
    struct State {
        var factory: ResolverFactoryArgumentsN<Service>
        var scope: ResolverScope
        var properties: [ResolverFactoryMutatorArgumentsN<Service>] = []
        /// A `.shared` registration found to make values, which are kept as `.unique`.
        var sharedValueType = false
    }

    let key: RegistrationKey
    let name: Resolver.Name?
    /// The resolver registered in: what a factory receives when Keystone resolves it directly.
    let registrant: WeakReference<Resolver>
    let file: StaticString
    let line: UInt
    private let state: Protected<State>

    init(
        name: Resolver.Name?,
        registrant: Resolver?,
        scope: ResolverScope,
        file: StaticString,
        line: UInt,
        factory: @escaping ResolverFactoryArgumentsN<Service>
    ) {
        self.key = RegistrationKey(Service.self, name: name)
        self.name = name
        self.registrant = WeakReference(registrant)
        self.file = file
        self.line = line
        self.state = Protected(State(factory: factory, scope: scope))
    }

    func addProperties(_ block: @escaping ResolverFactoryMutatorArgumentsN<Service>) {
        state.withLock { $0.properties.append(block) }
    }

    func setScope(_ scope: ResolverScope) {
        state.withLock { $0.scope = scope }
    }

    /// Whether the Keystone registration is made. Its lock is held while making it, so that a
    /// thread looking the registration up waits for it.
    private let installed = Protected(false)
    /// Whether this specification is counted in ``Bookkeeping/hasPending``; under `installed`'s
    /// lock.
    private let counted = Protected(false)

    /// Notes the registration in `container`, to be made in Keystone once its options are
    /// complete: when the ``ResolverOptions`` chain ends, or when something looks it up first.
    /// So `register { … }.scope(.application)` makes one Keystone registration, in its scope.
    func note(in container: Container) {
        installed.withLock { installed in
            // Counted before it can be found, so that no lookup skips it.
            guard !installed else { return }
            counted.withLock { counted in
                guard !counted else { return }
                counted = true
                Bookkeeping.countPending(1)
            }
        }
        Bookkeeping.noteRegistration(key, in: container, specification: self)
    }

    /// Makes the Keystone registration if it is not made yet and no later registration of the
    /// same key replaced this one.
    func installIfPending(in container: Container) {
        installed.withLock { installed in
            guard !installed else { return }
            installed = true
            // Uncounted once made (below, under this lock, so a lookup that sees no pending
            // specification sees the registration).
            defer {
                counted.withLock { counted in
                    if counted { Bookkeeping.countPending(-1) }
                    counted = false
                }
            }
            guard Bookkeeping.specification(for: key, in: container) === self else { return }
            register(in: container)
        }
    }

    /// Makes the Keystone registration again, if it is made: a refinement after its first use.
    func refresh(in container: Container) {
        installed.withLock { installed in
            guard installed, Bookkeeping.specification(for: key, in: container) === self else { return }
            register(in: container)
        }
    }

    /// Registers in `container`, replacing the previous Keystone registration of the key.
    private func register(in container: Container) {
        let (scope, hasProperties, sharedValueType) = state.withLock {
            ($0.scope.keystone, !$0.properties.isEmpty, $0.sharedValueType)
        }
        let home = ObjectIdentifier(container)
        // Resolver shares only objects, in `.graph` and in `.shared`: a value is made anew.
        let sharesObjectsOnly = scope == .graph || scope == .weak
        let isValue = sharedValueType || Self.isValueType
        let registration = container.register(
            Service.self,
            name: name.map { Keystone.Name($0.rawValue) },
            scope: sharesObjectsOnly && isValue ? .transient : scope,
            file: file,
            line: line
        ) { [self] resolver in
            try build(resolver, home: home)
        }
        if hasProperties {
            registration.then { [self] resolver, service in
                completeProperties(of: service, resolver, home: home)
            }
        }
    }

    /// Whether `Service` is a struct, an enum or a tuple: neither a class nor a protocol type
    /// (which may hold an object, so it is decided when an instance is made).
    private static var isValueType: Bool {
        if Service.self is AnyClass { return false }
        // A protocol type's metatype is `P.Protocol`; a value type's is `V.Type`.
        return !String(describing: type(of: Service.self)).hasSuffix(".Protocol")
    }

    /// The frame a factory or block of this registration runs in.
    private func frame(_ resolver: Keystone.Resolver, home: ObjectIdentifier) -> Frame {
        let request = Frame.current
        return Frame(
            origin: request?.origin ?? registrant.object ?? Resolver.root,
            arguments: request?.arguments ?? ArgumentBox.none,
            home: home,
            keystone: resolver
        )
    }

    private func build(_ resolver: Keystone.Resolver, home: ObjectIdentifier) throws -> Service {
        let frame = frame(resolver, home: home)
        let factory = state.withLock { $0.factory }
        let service = Frame.local.withValue(frame) {
            factory(frame.origin, frame.arguments.args)
        }
        guard let service else { throw FactoryReturnedNil(service: "\(Service.self)") }
        return service
    }

    private func completeProperties(of service: Service, _ resolver: Keystone.Resolver, home: ObjectIdentifier) {
        let frame = frame(resolver, home: home)
        let blocks = state.withLock { $0.properties }
        Frame.local.withValue(frame) {
            for block in blocks {
                block(frame.origin, service, frame.arguments.args)
            }
        }
    }

    func demoteSharedValueType(in container: Container) -> Bool {
        let demoted = state.withLock { state in
            guard state.scope.keystone == .weak, !state.sharedValueType else { return false }
            state.sharedValueType = true
            return true
        }
        if demoted { refresh(in: container) }
        return demoted
    }
}
