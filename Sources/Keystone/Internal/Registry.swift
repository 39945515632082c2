import CKeystoneAtomics

/// What identifies a registration: the service type, the name and the argument types.
///
/// All three are reduced to machine words when the key is made, so that a lookup hashes and
/// compares three integers: never a `String`, never `Any`.
///
/// `@usableFromInline` with an `@inlinable` initialiser: the public entry points make the key
/// in the caller's specialised code, where the argument tuple's type is a constant instead of
/// metadata built at run time.
@usableFromInline
struct RegistryKey: Hashable, Sendable {
    /// `ObjectIdentifier` of the service type.
    @usableFromInline let service: ObjectIdentifier
    /// The interned name, or 0 for none.
    @usableFromInline let name: Int
    /// `ObjectIdentifier` of the tuple of argument types (`()` when there are none).
    @usableFromInline let arguments: ObjectIdentifier

    @inlinable
    init<Service, each Argument>(
        _ service: Service.Type,
        name: Name?,
        arguments: (repeat each Argument).Type
    ) {
        self.service = ObjectIdentifier(service)
        self.name = name?.id ?? 0
        self.arguments = ObjectIdentifier(arguments)
    }

    init(service: ObjectIdentifier, name: Int, arguments: ObjectIdentifier) {
        self.service = service
        self.name = name
        self.arguments = arguments
    }

    /// A cheap mix of the three words; good enough for a power-of-two table whose keys are
    /// metadata addresses.
    @inline(__always)
    var mixed: UInt {
        var hash = UInt(bitPattern: service) &* 0x9E37_79B9_7F4A_7C15
        hash ^= UInt(bitPattern: name) &* 0xC2B2_AE3D_27D4_EB4F
        hash ^= UInt(bitPattern: arguments) &* 0x1656_67B1_9E37_79F9
        return hash ^ (hash >> 29)
    }
}

/// One key's place in a container: the lock that guards the key's registration and the
/// instance it holds, the current registration, and the held instance published for the
/// lock-free read.
///
/// A slot is created the first time its key is registered and lives as long as the
/// container, so that readers can hold it without a reference count.
///
/// ## The published instance
///
/// While the registration holds an instance (`.singleton`, `.cached`), the slot also
/// publishes it in an ``InstanceBox`` at `published`, so that resolving it takes no lock: a
/// reader announces the box with a hazard pointer, copies the instance out and ends the
/// announcement (see `KeystoneAtomics.h`). The box is written only with `lock` held, together
/// with the entry's `instance`, so the two always agree. Unpublishing (`reset`, `dispose`,
/// re-registration) waits for readers that announced the box before releasing it, so a reader
/// never copies from freed memory.
///
/// `@unchecked Sendable`: `entry` (and the mutable state of that entry) and writes of
/// `published` are guarded by `lock`; `published` is read with the hazard-pointer protocol.
final class Slot: @unchecked Sendable {
    let key: RegistryKey
    let lock = Lock()
    /// The current registration; nil once the container is disposed.
    var entry: AnyEntry?
    /// The published ``InstanceBox`` (retained), or nil.
    let published: UnsafeMutablePointer<UnsafeMutableRawPointer?>

    init(key: RegistryKey) {
        self.key = key
        published = .allocate(capacity: 1)
        published.initialize(to: nil)
    }

    deinit {
        // The container is gone, so no reader can be announcing the box.
        if let box = published.pointee { Unmanaged<AnyObject>.fromOpaque(box).release() }
        published.deallocate()
    }

    /// Publishes `instance` for the lock-free read. Called with `lock` held, when the entry
    /// starts holding `instance`.
    func publish<Service>(_ instance: Service) {
        let box = Unmanaged.passRetained(InstanceBox(instance)).toOpaque()
        let previous = keystone_unpublish(published)
        keystone_publish(published, box)
        if let previous { retire(previous) }
    }

    /// Withdraws the published instance, if any. Called with `lock` held, when the entry lets
    /// its instance go; returns once no reader can still be copying from the old box.
    func unpublish() {
        if let previous = keystone_unpublish(published) { retire(previous) }
    }

    private func retire(_ box: UnsafeMutableRawPointer) {
        keystone_hazard_wait(box)
        Unmanaged<AnyObject>.fromOpaque(box).release()
    }

    /// The published instance, read without a lock, or nil if none is published.
    @inline(__always)
    func publishedInstance<Service>(as type: Service.Type) -> Service? {
        guard let box = keystone_hazard_protect(published) else { return nil }
        return InstanceBox<Service>.copy(box)
    }
}

/// An immutable copy of a held instance, published by its ``Slot`` for the lock-free read.
@usableFromInline
final class InstanceBox<Service> {
    @usableFromInline let value: Service

    init(_ value: Service) {
        self.value = value
    }

    /// Copies the value out of the box that `keystone_hazard_protect` returned and announced,
    /// then ends the announcement. The copy (and the reference it takes) is made first.
    @inlinable
    @inline(__always)
    static func copy(_ box: UnsafeMutableRawPointer) -> Service {
        let value = Unmanaged<InstanceBox<Service>>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.value }
        keystone_hazard_clear()
        return value
    }
}

/// A hash table from ``RegistryKey`` to ``Slot`` that is read without any lock.
///
/// Writers serialise on `writeLock`. A node is immutable once it is published: a writer fills
/// it in, then publishes it at the head of its bucket with a release store; a reader loads
/// the head with an acquire load and walks the chain. Growing builds a new bucket array with
/// new nodes and publishes it the same way. Nothing a reader can reach is freed before the
/// registry itself (old nodes and arrays are retired until `deinit`), so a reader never needs
/// a reference count or a lock. Retired memory is bounded by the geometric growth: at most
/// the size of the live table.
///
/// `@unchecked Sendable`: mutable state is guarded by `writeLock`; the published pointers are
/// read and written with acquire/release atomics.
@usableFromInline
final class Registry: @unchecked Sendable {
    private struct Node {
        let key: RegistryKey
        let slot: Unmanaged<Slot>
        /// The slot's `published`, here to save the reader a load.
        let published: UnsafeMutablePointer<UnsafeMutableRawPointer?>
        let next: UnsafeMutablePointer<Node>?
    }

    /// A bucket array: `mask` followed by `mask + 1` atomically published heads.
    private struct Buckets {
        let mask: Int
        let heads: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    }

    /// The published bucket array (a pointer to a `Buckets`).
    private let current: UnsafeMutablePointer<UnsafeMutableRawPointer?>

    private let writeLock = Lock()
    /// Every slot, in the order its key was first registered. Guarded by `writeLock`.
    private var slots: [Slot] = []
    /// Every node and bucket array ever allocated, freed in `deinit`. Guarded by `writeLock`.
    private var nodes: [UnsafeMutablePointer<Node>] = []
    private var arrays: [UnsafeMutablePointer<Buckets>] = []

    init() {
        current = .allocate(capacity: 1)
        current.initialize(to: nil)
        let buckets = Self.makeBuckets(capacity: 64)
        arrays.append(buckets)
        current.pointee = UnsafeMutableRawPointer(buckets)
    }

    deinit {
        for slot in slots { slot.entry = nil }  // entries hold their slot; break the cycle
        for node in nodes { node.deallocate() }
        for array in arrays {
            array.pointee.heads.deallocate()
            array.deallocate()
        }
        current.deallocate()
    }

    /// The slot for `key`, or nil if the key was never registered. Lock-free.
    @inline(__always)
    func slot(for key: RegistryKey) -> Slot? {
        node(for: key)?.pointee.slot.takeUnretainedValue()
    }

    /// The instance published for `key`, announced with a hazard pointer (see ``Slot``), or
    /// nil if none is published. Lock-free. The caller copies it with ``InstanceBox/copy(_:)``,
    /// which ends the announcement.
    @usableFromInline
    func protectPublishedInstance(for key: RegistryKey) -> UnsafeMutableRawPointer? {
        guard let node = node(for: key) else { return nil }
        return keystone_hazard_protect(node.pointee.published)
    }

    /// The instance published for `key`, or nil: the whole lock-free read, specialised in the
    /// caller so that copying the instance out is a load and a retain.
    @inlinable
    @inline(__always)
    func publishedInstance<Service>(for key: RegistryKey, as type: Service.Type) -> Service? {
        guard let box = protectPublishedInstance(for: key) else { return nil }
        return InstanceBox<Service>.copy(box)
    }

    @inline(__always)
    private func node(for key: RegistryKey) -> UnsafeMutablePointer<Node>? {
        let raw = keystone_load_acquire(
            UnsafeRawPointer(current).assumingMemoryBound(to: UnsafeMutableRawPointer?.self))
        let buckets = raw.unsafelyUnwrapped.assumingMemoryBound(to: Buckets.self).pointee
        let index = Int(truncatingIfNeeded: key.mixed) & buckets.mask
        var node = keystone_load_acquire(
            UnsafeRawPointer(buckets.heads + index).assumingMemoryBound(to: UnsafeMutableRawPointer?.self))?
            .assumingMemoryBound(to: Node.self)
        while let candidate = node {
            if candidate.pointee.key == key { return candidate }
            node = candidate.pointee.next
        }
        return nil
    }

    /// The slot for `key`, created and published if it does not exist yet.
    func slotCreatingIfNeeded(for key: RegistryKey) -> Slot {
        writeLock.withLock {
            if let slot = slot(for: key) { return slot }
            let slot = Slot(key: key)
            slots.append(slot)
            var buckets = currentBuckets
            if slots.count > (buckets.mask + 1) / 4 * 3 {
                buckets = grow(from: buckets)
            }
            publish(key: key, slot: slot, in: buckets)
            return slot
        }
    }

    /// Every slot, in first-registration order (for diagnostics, disposal and verification).
    var allSlots: [Slot] {
        writeLock.withLock { slots }
    }

    // MARK: - Writing (with `writeLock` held)

    private var currentBuckets: Buckets {
        current.pointee.unsafelyUnwrapped.assumingMemoryBound(to: Buckets.self).pointee
    }

    private func publish(key: RegistryKey, slot: Slot, in buckets: Buckets) {
        let index = Int(truncatingIfNeeded: key.mixed) & buckets.mask
        let head = buckets.heads[index]?.assumingMemoryBound(to: Node.self)
        let node = UnsafeMutablePointer<Node>.allocate(capacity: 1)
        node.initialize(to: Node(key: key, slot: .passUnretained(slot), published: slot.published, next: head))
        nodes.append(node)
        keystone_store_release(buckets.heads + index, UnsafeMutableRawPointer(node))
    }

    private func grow(from old: Buckets) -> Buckets {
        let array = Self.makeBuckets(capacity: (old.mask + 1) * 2)
        arrays.append(array)
        let buckets = array.pointee
        for slot in slots.dropLast() {  // the newest slot is published by the caller
            publish(key: slot.key, slot: slot, in: buckets)
        }
        keystone_store_release(current, UnsafeMutableRawPointer(array))
        return buckets
    }

    private static func makeBuckets(capacity: Int) -> UnsafeMutablePointer<Buckets> {
        let heads = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: capacity)
        heads.initialize(repeating: nil, count: capacity)
        let array = UnsafeMutablePointer<Buckets>.allocate(capacity: 1)
        array.initialize(to: Buckets(mask: capacity - 1, heads: heads))
        return array
    }
}
