import Foundation
import Keystone

/// A registration's identity as Resolver sees it: the service type and the name.
struct RegistrationKey: Hashable, Sendable {
    let service: ObjectIdentifier
    let name: String?

    init<Service>(_ service: Service.Type, name: Resolver.Name?) {
        self.service = ObjectIdentifier(service)
        self.name = name?.rawValue
    }
}

/// What the module remembers about each Keystone container it registered into, beyond what
/// Keystone knows: the Resolver specification last registered under each key. And, for each
/// container checked, the gate that runs `registerAllServices()` once for it.
///
/// What is registered, and where, is Keystone's to say (`Container.registration(for:)`,
/// which sees registrations made with Keystone's own API too); a specification is kept for
/// what Keystone cannot say: a registration whose options are still being refined (made in
/// Keystone once they are complete, or at its first lookup), whether a later Resolver
/// registration of the key replaced it, and the `.shared` registration to re-register as
/// `.unique` when its instances turn out to be values.
///
/// Containers are held weakly (a record whose container is gone is dropped on the next
/// change), except the process-wide one, which lives as long as the process: a weak reference
/// would give it a side table, and every retain and release of it the runtime's slow path.
enum Bookkeeping {
    final class Record {
        private let container: ContainerReference
        /// Weak: a registration lives as long as its Keystone registration (whose factory holds
        /// it) or its options, so that a replaced or disposed one is freed.
        var registrations: [RegistrationKey: WeakSpecification] = [:]

        init(_ container: Container) {
            self.container = ContainerReference(container)
        }

        /// The container, if it still exists.
        var value: Container? { container.value }
    }

    private static let records = Protected<[ObjectIdentifier: Record]>([:])

    /// The record of `container`, made if needed. Call with the lock held.
    private static func record(of container: Container, in records: inout [ObjectIdentifier: Record]) -> Record {
        let id = ObjectIdentifier(container)
        if let record = records[id], record.value === container { return record }
        records = records.filter { $0.value.value != nil }
        let record = Record(container)
        records[id] = record
        return record
    }

    /// Notes that Resolver registered `key` in `container`, described by `specification`,
    /// which replaces the specification noted before for the key.
    static func noteRegistration(
        _ key: RegistrationKey,
        in container: Container,
        specification: any RegistrationSpecification
    ) {
        records.withLock { records in
            record(of: container, in: &records).registrations[key] = WeakSpecification(value: specification)
        }
    }

    /// The specification Resolver last registered under `key` in `container`, if it is still
    /// alive; whether Keystone holds a registration for the key is the container's to say.
    static func specification(for key: RegistrationKey, in container: Container) -> (any RegistrationSpecification)? {
        records.withLock { records in
            guard let record = records[ObjectIdentifier(container)], record.value === container else { return nil }
            return record.registrations[key]?.value
        }
    }

    /// Every container Resolver registered into that still exists.
    static var liveContainers: [Container] {
        records.withLock { records in records.values.compactMap(\.value) }
    }

    /// For each container checked, the gate that runs `registerAllServices()` once for it:
    /// apart from `records`, whose containers are the ones Resolver registered in.
    /// The process-wide container's is `processWideHook`.
    private static let hooks = Protected<[ObjectIdentifier: (container: Weak, gate: FirstUseGate)]>([:])

    /// The gate of the process-wide container, the one behind ``Resolver/main`` unless it is
    /// replaced: reached without a lock or a table.
    static let processWideHook = makeHook()

    /// The gate that runs `registerAllServices()` once for `container`, made if needed.
    static func registrationHook(of container: Container) -> FirstUseGate {
        if container === Container.processWide { return processWideHook }
        return hooks.withLock { hooks in
            let id = ObjectIdentifier(container)
            if let hook = hooks[id], hook.container.value === container { return hook.gate }
            hooks = hooks.filter { $0.value.container.value != nil }
            let gate = makeHook()
            hooks[id] = (Weak(value: container), gate)
            return gate
        }
    }

    private static func makeHook() -> FirstUseGate {
        FirstUseGate { _ in
            // Cast here rather than capture the metatype, which is not `Sendable`.
            (Resolver.self as Any.Type as? any ResolverRegistering.Type)?.registerAllServices()
        }
    }

    /// How many specifications are noted and not yet made in Keystone (see
    /// ``RegistrationSpec/installIfPending(in:)``): while none is, a lookup has nothing to
    /// make first.
    private static let pendingCount = Protected(0)

    /// Whether some specification still waits to be made in Keystone.
    static var hasPending: Bool { pendingCount.withLock { $0 > 0 } }

    /// Counts a specification that starts or stops waiting.
    static func countPending(_ delta: Int) {
        pendingCount.withLock { $0 += delta }
    }

    /// A container, held weakly.
    struct Weak {
        weak var value: Container?
    }

    /// A container, held strongly if it is the process-wide one (which never goes), weakly
    /// otherwise.
    enum ContainerReference {
        case processWide
        case other(Weak)

        init(_ container: Container) {
            self = container === Container.processWide ? .processWide : .other(Weak(value: container))
        }

        var value: Container? {
            switch self {
            case .processWide: Container.processWide
            case .other(let weak): weak.value
            }
        }
    }
}

/// A registration's specification, held weakly.
struct WeakSpecification {
    weak var value: (any RegistrationSpecification)?
}

/// The part of a registration the module needs without knowing its service type.
protocol RegistrationSpecification: AnyObject, Sendable {
    /// Makes the Keystone registration, if it is still waiting for its options to be complete.
    func installIfPending(in container: Container)

    /// Re-registers a `.shared` registration whose instances turned out to be values (which
    /// cannot be held weakly) as `.unique`, as Resolver treats them. Returns whether it did.
    func demoteSharedValueType(in container: Container) -> Bool
}
