/// The engine's side of `resolveAsync`: the checks that let an awaited resolve skip the
/// resolution's frames, and the awaited resolution that runs when they do not (see
/// `Async/Container+Async.swift` for the public API).
extension Container {
    /// The resolver to call the registration's factory with, straight from
    /// ``resolveAsync(_:name:arguments:)``, if `probe`'s registration (found in this container)
    /// needs nothing but its factory: an async `.transient` or `.graph` registration (a
    /// `.graph` instance is built once per resolution, and a top-level resolve starts one)
    /// with no `then` hooks, resolved with no logger to tell, in a container not disposed. Nil
    /// otherwise: the resolution's full path, which reports what this one cannot.
    ///
    /// - Returns: The resolver, whose `current` is the registration, with the probe's reference
    ///   to it (the caller gives it back only when this returns nil).
    @usableFromInline
    func plainAsyncEntry(taking probe: Probe) -> AnyEntry? {
        guard case .entry(let found) = probe else { return nil }
        let entry = found.takeUnretainedValue()
        guard entry.isAsync, !entry.isShared, !entry.hasAfterCreation, !registry.isLogging, !lifecycle.isDisposed
        else { return nil }
        return found.takeRetainedValue()
    }

    /// Whether `probe` found a synchronous registration that needs no check before a
    /// synchronous resolve (not async, not main-actor): one that ``resolveAsync(_:name:arguments:)``
    /// resolves as ``tryResolve(_:name:arguments:)`` does. Not with a logger: such a resolve
    /// that reaches a main-actor registration is tried again on the main actor, and the logger
    /// is told of the failure that sends it there; the full path reports only the outcome.
    @usableFromInline
    func isPlainSynchronous(_ probe: Probe) -> Bool {
        guard case .entry(let found) = probe, !registry.isLogging else { return false }
        return !found.takeUnretainedValue().needsSynchronousCheck
    }

    /// ``resolveAsync(_:name:arguments:)`` when no built instance answers: an async resolution.
    @usableFromInline
    func resolveAsyncUncached<Service, each Argument: Sendable>(
        _ type: Service.Type,
        name: Name?,
        arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service {
        if isDisposed {
            throw Failure.disposed(
                service: Service.self,
                name: name,
                argumentTypes: (repeat each Argument).self,
                path: [Failure.step(service: Service.self, name: name)]
            )
        }
        do throws(ResolutionError) {
            return try await AsyncResolver.inNewResolution(in: self) {
                (resolver) async throws(ResolutionError) in
                try await resolver.resolve(type, name: name, arguments: repeat each arguments)
            }
        } catch {
            if registry.isLogging { log { ContainerEvent(failure: error) } }
            throw error
        }
    }
}
