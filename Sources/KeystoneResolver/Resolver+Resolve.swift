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
        return root.resolve(type, name: name, args: args)
    }

    /// Resolves a service from ``root``, or returns nil if it is not registered or its
    /// factory returned nil.
    public static func optional<Service>(
        _ type: Service.Type = Service.self,
        name: Resolver.Name? = nil,
        args: Any? = nil
    ) -> Service? {
        registrationCheck()
        return root.optional(type, name: name, args: args)
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
    /// that asks, if it runs in the same container.
    func resolve<Service>(
        _ type: Service.Type,
        name: Resolver.Name?,
        args: Any?,
        optional: Bool
    ) -> Outcome<Service> {
        Resolver.registrationCheck()
        let key = RegistrationKey(Service.self, name: name)
        let owner = self.owner(of: Service.self, name: name)
        let target = owner ?? container
        let keystoneName = name.map { Keystone.Name($0.rawValue) }
        let outer = Frame.current
        let joining = outer?.home == ObjectIdentifier(target) ? outer?.keystone : nil
        let request = Frame(
            origin: self,
            arguments: ArgumentBox(args),
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

    /// Whether `error` means that the service itself cannot be made (Resolver's nil), rather
    /// than a broken graph behind it.
    private func isMissing(_ error: ResolutionError, registered: Bool) -> Bool {
        if error.kind == .factoryFailed, error.underlying is FactoryReturnedNil { return true }
        return !registered && (error.kind == .notRegistered || error.kind == .argumentMismatch)
    }
}
