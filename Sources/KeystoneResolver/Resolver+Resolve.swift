import Keystone

extension Resolver {
    // MARK: - Static resolution, from root

    /// Resolves a service from ``root``, trapping with Keystone's full diagnostic (the service,
    /// the path that led to it, what is registered instead, and a fix) if it cannot.
    ///
    /// ```swift
    /// let model: ContentViewModel = Resolver.resolve()
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the context when omitted.
    ///   - name: The name it was registered under, if any.
    ///   - args: Arguments for the factory: one value, or a `[String: Any]` of keyed ones.
    @inlinable
    public static func resolve<Service>(
        _ type: Service.Type = Service.self,
        name: Resolver.Name? = nil,
        args: Any? = nil
    ) -> Service {
        registrationCheck()  // first, since it may change root
        switch root.resolve(Service.self, name: name, args: args, optional: false, checked: true) {
        case .found(let service): return service
        case .missing: fatalError("KeystoneResolver: unreachable")
        }
    }

    /// Resolves a service from ``root``, or returns nil if it is not registered or its
    /// factory returned nil.
    @inlinable
    public static func optional<Service>(
        _ type: Service.Type = Service.self,
        name: Resolver.Name? = nil,
        args: Any? = nil
    ) -> Service? {
        registrationCheck()
        switch root.resolve(Service.self, name: name, args: args, optional: true, checked: true) {
        case .found(let service): return service
        case .missing: return nil
        }
    }

    // MARK: - Resolution from this resolver

    /// Resolves a service from this resolver or its children, trapping with Keystone's full
    /// diagnostic if it cannot.
    ///
    /// Inside a factory, resolve through the resolver it receives (or any resolver): the
    /// nested resolve joins the resolution in progress, so `.graph` instances are shared and
    /// a cycle is reported with its path instead of overflowing the stack.
    @inlinable
    public final func resolve<Service>(
        _ type: Service.Type = Service.self,
        name: Resolver.Name? = nil,
        args: Any? = nil
    ) -> Service {
        switch resolve(Service.self, name: name, args: args, optional: false) {
        case .found(let service): return service
        case .missing: fatalError("KeystoneResolver: unreachable")
        }
    }

    /// Resolves a service from this resolver or its children, or returns nil if it is not
    /// registered or its factory returned nil.
    ///
    /// A broken graph behind a registered service (a cycle, say) still traps with Keystone's
    /// diagnostic: nil means only that the service itself cannot be made.
    @inlinable
    public final func optional<Service>(
        _ type: Service.Type = Service.self,
        name: Resolver.Name? = nil,
        args: Any? = nil
    ) -> Service? {
        switch resolve(Service.self, name: name, args: args, optional: true) {
        case .found(let service): return service
        case .missing: return nil
        }
    }

    @usableFromInline
    enum Outcome<Service> {
        case found(Service)
        case missing
    }

    /// Finds the container that registers the service (this resolver's, then its children's)
    /// and resolves it there with Keystone, joining the Keystone resolution of the factory
    /// that asks, if it runs in the same container. `checked` says that the caller has just
    /// run the registration check.
    @inlinable
    func resolve<Service>(
        _ type: Service.Type,
        name: Resolver.Name?,
        args: Any?,
        optional: Bool,
        checked: Bool = false
    ) -> Outcome<Service> {
        // Inlinable, so that Keystone's resolve is compiled for the caller's type; the
        // lookups before it and the errors after it are not.
        if !checked { Resolver.registrationCheck() }
        let request = prepare(Service.self, name: name, args: args)
        var demoted = false
        while true {
            do {
                let service = try Frame.local.withValue(request.frame) { () throws -> Service in
                    if let joining = request.frame.keystone {
                        return try joining.resolve(Service.self, name: request.name)
                    }
                    return try request.target.tryResolve(Service.self, name: request.name)
                }
                Resolver.decorateIfNeeded(service)
                return .found(service)
            } catch {
                if recover(from: error, of: Service.self, request, optional: optional, demoted: &demoted) { continue }
                return .missing
            }
        }
    }

    /// What a resolve resolves in, and the frame its factory runs in.
    @usableFromInline
    struct Request {
        /// The container to resolve in.
        @usableFromInline let target: Container
        /// The Keystone name of the registration.
        @usableFromInline let name: Keystone.Name?
        let key: RegistrationKey
        let lookup: Lookup
        /// The frame to run the resolution in; its `keystone` is the resolution it joins.
        @usableFromInline let frame: Frame
    }

    /// Where to resolve the service: a resolver without children resolves in its own
    /// container whoever registers the service, so whether it does (its owner) is asked only
    /// if an error needs it; a specification waiting to be made is made first, as `owner`
    /// does.
    @usableFromInline
    func prepare<Service>(_ type: Service.Type, name: Resolver.Name?, args: Any?) -> Request {
        let key = RegistrationKey(Service.self, name: name)
        let keystoneName = name.map { Keystone.Name($0.rawValue) }
        let lookup: Lookup
        if isAlone, !Bookkeeping.hasPending {
            lookup = .alone(container)
        } else {
            lookup = .found(self.owner(of: Service.self, key: key, name: keystoneName))
        }
        let target = lookup.target ?? container
        let outer = Frame.current
        let joining = outer?.home == ObjectIdentifier(target) ? outer?.keystone : nil
        let frame = Frame(
            origin: self,
            arguments: args.map(ArgumentBox.init) ?? ArgumentBox.none,
            home: joining == nil ? nil : outer?.home,
            keystone: joining
        )
        return Request(target: target, name: keystoneName, key: key, lookup: lookup, frame: frame)
    }

    /// After a resolve of `request` threw `error`: whether to try again (a `.shared` value
    /// type, now `.unique`); false for an optional resolve of a service that cannot be made.
    /// Traps otherwise, with Keystone's diagnostic.
    @usableFromInline
    func recover<Service>(
        from error: any Error,
        of type: Service.Type,
        _ request: Request,
        optional: Bool,
        demoted: inout Bool
    ) -> Bool {
        guard let error = error as? ResolutionError else { fatalError("KeystoneResolver: \(error)") }
        let owner = request.lookup.owner(of: Service.self, name: request.name)
        if error.kind == .weakValueType, !demoted, let owner,
            let specification = Bookkeeping.specification(for: request.key, in: owner),
            specification.demoteSharedValueType(in: owner)
        {
            demoted = true
            return true
        }
        if optional, isMissing(error, registered: owner != nil) { return false }
        error.trap(file: #fileID, line: #line)
    }

    /// Hands a resolved service to ``decorate``, in debug builds of this module.
    @usableFromInline
    static func decorateIfNeeded<Service>(_ service: Service) {
        #if DEBUG
            Resolver.decorate?(service)
        #endif
    }

    /// Where a resolve looks: the owner found, or the container of a resolver without
    /// children, whose ownership is asked only when needed.
    enum Lookup {
        case found(Container?)
        case alone(Container)

        /// The container to resolve in, if known without asking.
        var target: Container? {
            switch self {
            case .found(let owner): owner
            case .alone(let container): container
            }
        }

        /// The container that registers the service itself, if any.
        func owner<Service>(of type: Service.Type, name: Keystone.Name?) -> Container? {
            switch self {
            case .found(let owner): owner
            case .alone(let container):
                container.registration(for: Service.self, name: name)?.depth == 0 ? container : nil
            }
        }
    }

    /// Whether `error` means that the service itself cannot be made (Resolver's nil), rather
    /// than a broken graph behind it.
    private func isMissing(_ error: ResolutionError, registered: Bool) -> Bool {
        if error.kind == .factoryFailed, error.underlying is FactoryReturnedNil { return true }
        return !registered && (error.kind == .notRegistered || error.kind == .argumentMismatch)
    }
}
