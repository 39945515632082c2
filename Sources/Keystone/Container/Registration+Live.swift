import CKeystoneThreadPrimitives

/// Marking registrations that reach the outside world, so that a test can insist on replacing
/// them.
extension Registration {
    /// Marks this registration as reaching the outside world: a payments API, a server, a
    /// device.
    ///
    /// ```swift
    /// container.register(PaymentGateway.self, scope: .singleton) { _ in CardPaymentGateway() }
    ///     .live(because: "charges cards")
    /// ```
    ///
    /// Nothing changes for the app. In a test run with the strict form of the KeystoneTesting
    /// trait, `.overriding(strict: true) { … }`, building this registration in the test's copy
    /// of `Container.shared`, because the test did not override it, records a test issue that
    /// names the service, `reason` and where it was registered. Anywhere else, the mark costs
    /// one load each time the factory runs, and nothing on a resolve that finds a held
    /// instance.
    ///
    /// Refine the registration with `then`, `bind` or `skipVerification(because:)` before or
    /// after this, in any order.
    ///
    /// - Parameter reason: What the service reaches, shown in the issue.
    @discardableResult
    public func live(because reason: String) -> Registration<Service> {
        update { $0.markedLive(because: reason) }
    }
}

extension Entry {
    /// A copy whose factory tells ``LiveResolves`` that it runs, before it runs, while a strict
    /// test watches any container; it takes over the instance this entry holds. Called with
    /// `slot.lock` held.
    func markedLive(because reason: String) -> Entry<Service> {
        let live = LiveResolve(
            service: Failure.typeName(Service.self), name: name?.rawValue, reason: reason,
            registeredAt: location.description)
        let factory = self.factory
        let copy = Entry(
            like: self,
            slot: slot,
            hooks: hooks,
            verification: verification,
            standIn: standIn,
            factory: .erased { resolver, arguments in
                if LiveResolves.isWatching { LiveResolves.built(live, in: resolver.owner) }
                return try factory(resolver, arguments)
            }
        )
        copy.generation = generation
        copy.held = held
        copy.object = object
        held = nil
        return copy
    }
}

/// A registration marked with ``Registration/live(because:)``, built in a container a strict
/// test watches.
package struct LiveResolve: Hashable, Sendable {
    /// The service type, as written in Swift.
    package let service: String
    /// The registration's name, if any.
    package let name: String?
    /// What it reaches, as `live(because:)` gave it.
    package let reason: String
    /// Where it was registered: `Module/File.swift:line`.
    package let registeredAt: String
}

/// Who is told when a live registration is built: the containers that strict tests watch
/// (the KeystoneTesting trait's copies of `Container.shared`), each with what to tell.
///
/// The factory of a live registration asks ``isWatching`` (one load) before it runs;
/// only while some container is watched does it take the lock and look its container up. A
/// watched container is kept alive by its ``LiveWatch``, so that its identity is not reused
/// while it is watched.
package enum LiveResolves {
    /// Whether any container is watched.
    static var isWatching: Bool { state.watching.isSet }

    /// Starts telling `report` about each live registration built in `container` or in one of
    /// its parents, until the returned watch stops.
    package static func watch(
        _ container: Container,
        report: @escaping @Sendable (LiveResolve) -> Void
    ) -> LiveWatch {
        var chain: [Container] = []
        var current: Container? = container
        while let next = current {
            chain.append(next)
            current = next.parent
        }
        let watch = LiveWatch(containers: chain)
        state.lock.withLock {
            for container in chain {
                state.reporters[ObjectIdentifier(container), default: []].append((watch.id, report))
            }
            state.watching.set(true)
        }
        return watch
    }

    /// Tells the reporters of `owner`, the container whose registration is built, if any.
    static func built(_ live: LiveResolve, in owner: Unmanaged<Container>) {
        let key = ObjectIdentifier(owner.takeUnretainedValue())
        let reporters = state.lock.withLock { state.reporters[key] ?? [] }
        for reporter in reporters { reporter.report(live) }
    }

    /// Stops `watch`.
    static func stop(_ watch: LiveWatch) {
        state.lock.withLock {
            for container in watch.containers {
                let key = ObjectIdentifier(container)
                state.reporters[key]?.removeAll { $0.watch == watch.id }
                if state.reporters[key]?.isEmpty == true { state.reporters[key] = nil }
            }
            state.watching.set(!state.reporters.isEmpty)
        }
    }

    /// The watched containers. `@unchecked Sendable`: `lock` guards `reporters` and the
    /// writes of `watching`, which is read without it (a ``Flag``).
    final class State: @unchecked Sendable {
        let lock = Lock()
        var reporters: [ObjectIdentifier: [(watch: UInt64, report: @Sendable (LiveResolve) -> Void)]] = [:]
        let watching = Flag.allocate()
        var nextWatch: UInt64 = 0
    }

    static let state = State()
}

/// Containers that ``LiveResolves`` watches, until ``stop()``.
package final class LiveWatch: Sendable {
    let id: UInt64
    /// The watched container and its parents, kept alive while watched.
    let containers: [Container]

    init(containers: [Container]) {
        self.containers = containers
        id = LiveResolves.state.lock.withLock {
            LiveResolves.state.nextWatch += 1
            return LiveResolves.state.nextWatch
        }
    }

    /// Stops telling about live registrations built in these containers.
    package func stop() {
        LiveResolves.stop(self)
    }
}
