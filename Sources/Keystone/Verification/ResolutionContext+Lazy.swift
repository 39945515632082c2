/// What verification learns from lazy resolvers and property wrappers: the dependencies a
/// factory's product will resolve later, checked for a registration without building them, and
/// the failures of resolves that nothing could throw.
extension ResolutionContext {
    /// The verification running on this thread, if a factory it runs is on the stack.
    static var verifying: ResolutionContext? {
        guard let context = CurrentResolution.context, context.observer != nil else { return nil }
        return context
    }

    /// The registration whose factory is running: this resolution's innermost one, or, for a
    /// resolution a factory started on a container, the innermost one of the resolution it
    /// started from.
    var requester: AnyEntry? {
        var current: ResolutionContext? = self
        while let context = current {
            if let entry = context.innermost { return entry }
            current = context.origin
        }
        return nil
    }

    /// During verification: records that the registration being built will resolve `key` from
    /// `container` later (a lazy resolver, `@LazyInjected`, `@WeakLazyInjected`), as a lazy edge
    /// when something provides it, as a missing dependency when nothing does. Builds nothing.
    func observeLazy(
        _ key: RegistryKey, from container: Container, service: Any.Type, name: Name?, argumentTypes: Any.Type
    ) {
        guard let observer else { return }
        let start = observer.shadow(of: container)
        var current: Container? = start
        while let owner = current {
            if let entry = owner.registry.lookUpEntry(key).entry?.takeRetainedValue() {
                observer.resolved(entry, in: owner, from: requester, lazily: true)
                return
            }
            current = owner.parent
        }
        observer.missing(service, name: name, argumentTypes: argumentTypes, from: requester, lazily: true)
        let error = Failure.missing(
            service: service,
            name: name,
            arguments: argumentTypes,
            path: pathSteps + [Failure.step(service: service, name: name)],
            candidates: start.registrations(of: key.service),
            lazily: true
        )
        observer.swallowed(error, requester: requester)
    }
}
