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

    enum Outcome<Service> {
        case found(Service)
        case missing
    }

    /// Finds the container that registers the service (this resolver's, then its children's)
    /// and resolves it there with Keystone, joining the Keystone resolution of the factory
    /// that asks, if it runs in the same container. `checked` says that the caller has just
    /// run the registration check.
    func resolve<Service>(
        _ type: Service.Type,
        name: Resolver.Name?,
        args: Any?,
        optional: Bool,
        checked: Bool = false
    ) -> Outcome<Service> {
        if !checked { Resolver.registrationCheck() }
        let key = RegistrationKey(Service.self, name: name)
        let keystoneName = name.map { Keystone.Name($0.rawValue) }
        // Without children the service resolves in this resolver's container whoever registers
        // it, so whether it does (its owner) is asked only if an error needs it; a
        // specification waiting to be made is made first, as `owner` does.
        let lookup: Lookup
        if isAlone, !Bookkeeping.hasPending {
            lookup = .alone(container)
        } else {
            lookup = .found(self.owner(of: Service.self, key: key, name: keystoneName))
        }
        let target = lookup.target ?? container
        let outer = Frame.current
        let joining = outer?.home == ObjectIdentifier(target) ? outer?.keystone : nil
        let request = Frame(
            origin: self,
            arguments: args.map(ArgumentBox.init) ?? ArgumentBox.none,
            home: joining == nil ? nil : outer?.home,
            keystone: joining
        )
        var demoted = false
        while true {
            do {
                let service = try Frame.$current.withValue(request) { () throws -> Service in
                    if let joining { return try joining.resolve(Service.self, name: keystoneName) }
                    return try target.tryResolve(Service.self, name: keystoneName)
                }
                #if DEBUG
                    Resolver.decorate?(service)
                #endif
                return .found(service)
            } catch let error as ResolutionError {
                let owner = lookup.owner(of: Service.self, name: keystoneName)
                if error.kind == .weakValueType, !demoted, let owner,
                    let specification = Bookkeeping.specification(for: key, in: owner),
                    specification.demoteSharedValueType(in: owner)
                {
                    demoted = true
                    continue
                }
                if optional, isMissing(error, registered: owner != nil) { return .missing }
                error.trap(file: #fileID, line: #line)
            } catch {
                fatalError("KeystoneResolver: \(error)")
            }
        }
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
