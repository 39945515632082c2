import CKeystoneThreadPrimitives

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
/// publishes it at `published`, so that resolving it takes no lock: a reader announces the
/// ``InstanceBox`` with a hazard pointer, copies the instance out and ends the announcement
/// (see `KeystoneThreadPrimitives.h`). The box published is the one the entry holds the
/// instance in (its `held`), with a reference of its own; it is written only with `lock` held,
/// together with `held`, so the two always agree. Unpublishing (`reset`, `dispose`,
/// re-registration) waits for readers that announced the box before releasing it, so a reader
/// never copies from freed memory.
///
/// ## The words
///
/// The words that are addressed atomically (``SlotWords``) are the slot's first stored
/// property (see ``firstStoredProperty(of:as:)``): the lock, and the address of the word that
/// publishes the box. That word is a block of its own, made by the first publication, under
/// the lock; a slot whose registrations never hold an instance (`.transient`, `.graph`, and
/// every registration with arguments) never makes it. The published word itself stays out of
/// the slot: kept inside it, the lock-free read of a singleton measured 11 % slower on one
/// thread and 15–50 % slower on two, in every run, whichever offset it had in the slot (see
/// the benchmark README's "Tried and not kept"), so the read still loads the block's address
/// from the slot and the box from the block, as it did when both words were a block.
///
/// The block's address is written once, nil to the block, with a release store while `lock`
/// is held, and stays until the slot is freed. A reader loads it with an acquire load: if it
/// sees the block, it sees the block's first value (nil) or a box published since; if it sees
/// nil, nothing was ever published here, which is also what the block would have said. Either
/// way the hazard-pointer protocol below is about the word in the block, and is unchanged.
///
/// `@unchecked Sendable`: `entry` (and the mutable state of that entry), `installs`,
/// `conversions` and writes of the published word and of its address are guarded by `lock`;
/// `key` never changes; the published word is read with the hazard-pointer protocol, and its
/// address with an acquire load.
@usableFromInline
final class Slot: @unchecked Sendable {
    /// Only reached through ``firstStoredProperty(of:as:)``: ``published``, ``lock``.
    private var words = SlotWords()
    let key: RegistryKey
    /// How many keys the registry had before this one: the order of first registration.
    let order: Int
    /// The current registration; nil once the container is disposed.
    /// (`entry` and `conversions` are guarded by `lock`, which already excludes overlapping
    /// accesses, so their dynamic exclusivity checks are off.)
    @exclusivity(unchecked) var entry: AnyEntry?
    /// How many registrations were installed here: the ``AnyEntry/generation`` of the latest.
    var installs: UInt = 0
    /// While this slot's registration holds an instance: the boxes published for it in the
    /// slots of types bound to it with `bind(_:)` (see ``publishConversion(_:in:)``), withdrawn
    /// with the instance. One record per bound slot.
    @exclusivity(unchecked) var conversions: [(slot: Slot, box: UnsafeMutableRawPointer)] = []
    /// This slot's place in its container's list of slots that hold an instance (see
    /// ``Lifecycle``). Guarded by the container's lifecycle lock, not by `lock`.
    @exclusivity(unchecked) var heldLinks = HeldLinks()

    init(key: RegistryKey, order: Int) {
        self.key = key
        self.order = order
        withUnsafePointer(to: &words) { assertFirstStoredProperty(of: self, at: $0, "words") }
        keystone_lock_init(lock.word)
    }

    deinit {
        // The container is gone, so no reader can be announcing the box.
        guard let published else { return }
        if let box = published.pointee { Unmanaged<AnyObject>.fromOpaque(Self.untagged(box)).release() }
        freeWords(published)
    }

    /// Where the block's address is kept, in ``SlotWords``.
    @inline(__always)
    private var publishedAddress: UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        UnsafeMutableRawPointer(firstStoredProperty(of: self, as: SlotWords.self))
            .assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }

    /// The word that publishes the ``InstanceBox`` (retained, or nil), or nil if this slot
    /// never published anything (an acquire load: see "The words" above).
    @inline(__always)
    var published: UnsafeMutablePointer<UnsafeMutableRawPointer?>? {
        keystone_load_acquire(publishedAddress)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }

    /// The published box announced with a hazard pointer (see ``Registry/probe(for:protect:)``),
    /// or nil if none is published for this thread. The caller copies it with
    /// ``InstanceBox/copy(_:)``.
    ///
    /// A main-actor instance is published with ``mainActorTag`` set in its word, and is read
    /// here only by code on the main actor: elsewhere the read ends its announcement and
    /// answers nil, so that the resolve takes the full path, whose main-actor check refuses it.
    @inline(__always)
    var protectPublished: UnsafeMutableRawPointer? {
        guard let published, let box = keystone_hazard_protect(published) else { return nil }
        if _fastPath(UInt(bitPattern: box) & Self.mainActorTag == 0) { return box }
        return Self.mainActorOnly(box)
    }

    /// `box` (announced, tagged) untagged, if the calling code runs on the main actor;
    /// otherwise nil, its announcement ended.
    @inline(never)
    private static func mainActorOnly(_ box: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        guard MainActorContext.isCurrentForReader else {
            keystone_hazard_clear()
            return nil
        }
        return untagged(box)
    }

    /// The bit set in the published word of a main-actor instance. A box is an object, so its
    /// address has this bit clear. Readers announce, and writers retire, the word as published
    /// (tagged), so that the hazard-pointer protocol compares the same values; only the
    /// reference itself is untagged, to copy from it or release it.
    static let mainActorTag: UInt = 1

    /// `box` with ``mainActorTag`` cleared.
    @inline(__always)
    static func untagged(_ box: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: box) & ~mainActorTag).unsafelyUnwrapped
    }

    /// The published word, made if this is the first publication. Called with `lock` held.
    private func publishing() -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        if let published { return published }
        let made = allocateWords(UnsafeMutableRawPointer?.none)
        keystone_store_release(publishedAddress, UnsafeMutableRawPointer(made))
        return made
    }

    /// Guards `entry`, `installs`, `conversions` and writes of the published word.
    @inline(__always)
    var lock: WordLock {
        WordLock(
            word: (UnsafeMutableRawPointer(firstStoredProperty(of: self, as: SlotWords.self))
                + MemoryLayout<SlotWords>.offset(of: \.lock)!).assumingMemoryBound(to: keystone_lock.self)
        )
    }

    /// Publishes the instance in `held` for the lock-free read: the box the entry holds it in,
    /// with a reference of its own. Called with `lock` held, when the entry starts holding it.
    ///
    /// - Parameter mainActorOnly: Whether only main-actor code may read it (a main-actor
    ///   registration's instance): published with ``mainActorTag``.
    func publish<Service>(_ held: InstanceBox<Service>, mainActorOnly: Bool) {
        var box = Unmanaged.passRetained(held).toOpaque()
        if mainActorOnly { box = UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: box) | Self.mainActorTag)! }
        let published = publishing()
        let previous = keystone_unpublish(published)
        keystone_publish(published, box)
        if let previous { Self.retire(previous) }
    }

    /// Publishes `converted`, the held instance of the registration at `target` as this slot's
    /// bound type, so that resolving the bound type takes no lock either. Called with
    /// `target.lock` held, after checking that its entry still holds the instance converted;
    /// takes this slot's lock only if it is free (the two locks are never waited for in this
    /// order elsewhere, but a slot can change roles by re-registration, so this never waits).
    ///
    /// Publishes only while this slot's registration is a binding to `target` that is answered
    /// this way, and publishes nothing yet. The box is withdrawn with the instance
    /// (``withdrawConversions()``), or by this slot's own re-registration or unload, whichever
    /// comes first: each writer unpublishes only what the word still holds, so the box is
    /// retired exactly once.
    func publishConversion<Other>(_ converted: Other, in target: Slot) {
        guard lock.tryLock() else { return }
        defer { lock.unlock() }
        guard let binding = entry, binding.publishesConversion, binding.boundTo == target.key else { return }
        let published = publishing()
        guard
            keystone_load_acquire(UnsafeRawPointer(published).assumingMemoryBound(to: UnsafeMutableRawPointer?.self))
                == nil
        else { return }
        let box = Unmanaged.passRetained(InstanceBox(converted)).toOpaque()
        keystone_publish(published, box)
        if let index = target.conversions.firstIndex(where: { $0.slot === self }) {
            target.conversions[index].box = box
        } else {
            target.conversions.append((self, box))
        }
    }

    /// Withdraws the boxes published for this slot's held instance in bound slots, and returns
    /// the ones still published, for ``retire(_:)`` after every lock is released. Called with
    /// `lock` held, when the entry lets its instance go.
    func withdrawConversions() -> [(slot: Slot, box: UnsafeMutableRawPointer)] {
        guard !conversions.isEmpty else { return [] }
        defer { conversions = [] }
        return conversions.filter { record in
            // The bound slot made its word when it published this box.
            record.slot.published.map { keystone_unpublish_if($0, record.box) } ?? false
        }
    }

    /// Withdraws the published instance, if any. Called with `lock` held, when the entry lets
    /// its instance go. No new reader can find the box once this returns, but readers that
    /// announced it before may still be copying from it: the caller passes the box it returns
    /// to ``retire(_:)`` after releasing every lock, so that nothing waits for those readers
    /// while holding a lock.
    func unpublish() -> UnsafeMutableRawPointer? {
        published.flatMap(keystone_unpublish)
    }

    /// Waits until no reader announces `box` (a reader holds it for a load and a retain), then
    /// releases it. Called with no lock held, except by ``publish(_:mainActorOnly:)``, whose previous box
    /// is always nil in practice (an entry publishes only when it holds nothing).
    static func retire(_ box: UnsafeMutableRawPointer) {
        keystone_hazard_wait(box)
        Unmanaged<AnyObject>.fromOpaque(untagged(box)).release()
    }
}

/// The words of a ``Slot`` that are addressed atomically, its first stored property: the
/// address of the word that publishes the box (first, so that the read adds no offset), and
/// the slot's lock.
struct SlotWords {
    var published: UnsafeMutableRawPointer? = nil
    var lock = keystone_lock()
}

/// A held instance, boxed: its entry holds the box, and its ``Slot`` publishes the same box for
/// the lock-free read.
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
/// Open addressing with linear probing over an array of slot references; slots are never
/// removed, and the live table owns them (one reference each; a grown table takes the
/// references over from the one it replaces). Writers serialise on `writeLock`. A writer
/// fills a slot in completely, then publishes it in an empty cell with a release store; a
/// reader loads cells with acquire loads and stops at the first empty one. Growing builds a new, twice as large table and
/// publishes it the same way. Nothing a reader can reach is freed before the registry itself
/// (each table links the one it replaced, and all are freed in `deinit`), so a reader never
/// needs a reference count or a lock. Retired memory is bounded by the geometric growth: at
/// most the size of the live table. A registration allocates nothing here beyond its share of
/// the growth.
///
/// `@unchecked Sendable`: mutable state is guarded by `writeLock`; the published pointers are
/// read and written with acquire/release atomics.
@usableFromInline
final class Registry: @unchecked Sendable {
    /// The registry's words, only reached through their address (``current``, ``writeLock``):
    /// first, so that they are part of the registry's allocation (see
    /// ``firstStoredProperty(of:as:)``), and a new container allocates nothing for them.
    private var words = RegistryWords()

    /// A table, in one block of words: its `mask`, the table it replaced (nil for the first),
    /// then `mask + 1` atomically published cells, each a ``Slot`` or nil (the live table holds
    /// a reference to each of its slots; a replaced one holds none). The block is written
    /// completely before it is published.
    private struct Table {
        let block: UnsafeMutablePointer<UnsafeMutableRawPointer?>

        @inline(__always)
        var mask: Int { Int(bitPattern: block[0]) }
        var previous: UnsafeMutablePointer<UnsafeMutableRawPointer?>? {
            block[1]?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        }
        @inline(__always)
        var cells: UnsafeMutablePointer<UnsafeMutableRawPointer?> { block + 2 }

        /// Writes the header of a table of `capacity` empty cells into `block`.
        static func initialize(
            _ block: UnsafeMutablePointer<UnsafeMutableRawPointer?>,
            capacity: Int,
            previous: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        ) -> Table {
            block.initialize(to: UnsafeMutableRawPointer(bitPattern: capacity - 1))
            (block + 1).initialize(to: previous.map(UnsafeMutableRawPointer.init))
            (block + 2).initialize(repeating: nil, count: capacity)
            return Table(block: block)
        }

        static func words(capacity: Int) -> Int { 2 + capacity }
    }

    /// How many cells the first table has: room for four registrations (a table grows when it
    /// is half full), which is what a request's child container usually has.
    private static let initialCapacity = 8

    /// Two words: the published table (a pointer to a `Table`'s block), then the logging word,
    /// non-nil while the container has a logger (see ``isLogging``). They are the first of the
    /// registry's own words (``RegistryWords``), so that the resolve fast path reads them at a
    /// fixed offset in the registry, and share a cache line; the first table follows them.
    @inlinable
    var current: UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        @inline(__always) get {
            _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        }
    }

    /// Serialises writers.
    private var writeLock: WordLock {
        WordLock(
            word: (UnsafeMutableRawPointer(current) + MemoryLayout<RegistryWords>.offset(of: \.writeLock)!)
                .assumingMemoryBound(to: keystone_lock.self)
        )
    }
    /// How many slots there are. Guarded by `writeLock`, which already excludes overlapping
    /// accesses, so the dynamic exclusivity check is off. (The table is the list of slots: a
    /// list of its own was one more allocation per container.)
    @exclusivity(unchecked) private var count = 0
    /// The container's lifetime state but for its words (see ``Lifecycle``), guarded by the
    /// lifecycle's lock, which already excludes overlapping accesses, so the dynamic
    /// exclusivity check is off.
    @exclusivity(unchecked) var lifecycleState = Lifecycle.State()

    /// The container's lifecycle words, part of the registry's own (see ``Lifecycle``).
    @inline(__always)
    var lifecycleWords: UnsafeMutablePointer<Lifecycle.Words> {
        (UnsafeMutableRawPointer(current) + MemoryLayout<RegistryWords>.offset(of: \.lifecycle)!)
            .assumingMemoryBound(to: Lifecycle.Words.self)
    }

    /// The word after the first table in `current`'s block: the container's features, made on
    /// first need (see `Container.features`), so that a container that uses none of them
    /// allocates nothing for them. The container releases what it holds.
    var featuresWord: UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        current + 2 + Table.words(capacity: Self.initialCapacity)
    }

    init() {
        withUnsafePointer(to: &words) { assertFirstStoredProperty(of: self, at: $0, "words") }
        assert(
            MemoryLayout<RegistryWords.Block>.size
                == (3 + Table.words(capacity: Self.initialCapacity)) * MemoryLayout<UnsafeRawPointer>.stride,
            "RegistryWords.Block must hold the two words, the first table and the features word"
        )
        // `words` is all nil and zero; the first table's header, then the published table.
        let first = Table.initialize(current + 2, capacity: Self.initialCapacity, previous: nil)
        current.pointee = UnsafeMutableRawPointer(first.block)
        keystone_lock_init(writeLock.word)
        Lifecycle(self).builds.initialize()
    }

    deinit {
        forEachSlot { slot in
            slot.entry = nil  // entries hold their slot; break the cycle
            Unmanaged.passUnretained(slot).release()  // the table's reference
        }
        // Every table grown, newest first; the first one is part of the registry's words.
        var table: Table? = currentTable
        while let grown = table, let previous = grown.previous {
            grown.block.deallocate()
            table = Table(block: previous)
        }
        Lifecycle(self).builds.destroy()
    }

    /// Whether the container has a logger. The fast paths check it, and leave a resolve to
    /// the slow path, which reports what it does, while it is on.
    @inlinable
    @inline(__always)
    var isLogging: Bool {
        keystone_load_acquire(UnsafeRawPointer(current + 1).assumingMemoryBound(to: UnsafeMutableRawPointer?.self))
            != nil
    }

    /// Turns the logging word on or off; the container's logger lock is held.
    func setLogging(_ on: Bool) {
        keystone_store_release(current + 1, on ? UnsafeMutableRawPointer(bitPattern: 1) : nil)
    }

    /// The slot for `key`, or nil if the key was never registered. Lock-free.
    @inline(__always)
    func slot(for key: RegistryKey) -> Slot? {
        guard let slot = unretainedSlot(for: key) else { return nil }
        return slot.takeUnretainedValue()
    }

    /// The instance published for `key`, announced with a hazard pointer (see ``Slot``), or
    /// nil if none is published. Lock-free. The caller copies it with ``InstanceBox/copy(_:)``,
    /// which ends the announcement.
    @usableFromInline
    func protectPublishedInstance(for key: RegistryKey) -> UnsafeMutableRawPointer? {
        guard let slot = unretainedSlot(for: key) else { return nil }
        return slot._withUnsafeGuaranteedRef { $0.protectPublished }
    }

    /// One lookup of `key` for a resolve: its slot (unretained; nil if never registered) and,
    /// if `protect` and the slot publishes an instance, that instance announced with a hazard
    /// pointer, which the caller must copy with ``InstanceBox/copy(_:)`` (the copy ends the
    /// announcement; one left announced makes the next release of that box wait forever). A
    /// resolve that finds no
    /// instance passes the slot on, so that the key is looked up once.
    @usableFromInline
    func probe(for key: RegistryKey, protect: Bool) -> Probe {
        look(for: key, protect: protect)
    }

    /// ``probe(for:protect:)`` for a top-level resolve: the published instance is announced
    /// unless the container has a logger (whose slow path reports the resolve).
    @usableFromInline
    func probeForResolve(_ key: RegistryKey) -> Probe {
        look(for: key, protect: _fastPath(!isLogging))
    }

    @inline(__always)
    private func look(for key: RegistryKey, protect: Bool) -> Probe {
        guard let slot = unretainedSlot(for: key) else { return Probe(slot: nil, published: nil) }
        guard protect else { return Probe(slot: slot, published: nil) }
        return Probe(slot: slot, published: slot._withUnsafeGuaranteedRef { $0.protectPublished })
    }

    /// The slot for `key`, unretained (a slot lives as long as its registry), or nil.
    @inline(__always)
    func unretainedSlot(for key: RegistryKey) -> Unmanaged<Slot>? {
        let table = publishedTable
        var index = Int(truncatingIfNeeded: key.mixed) & table.mask
        while true {
            let cell = UnsafeRawPointer(table.cells + index).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
            guard let candidate = keystone_load_acquire(cell) else { return nil }
            let slot = Unmanaged<Slot>.fromOpaque(candidate)
            if slot._withUnsafeGuaranteedRef({ $0.key == key }) { return slot }
            index = (index &+ 1) & table.mask
        }
    }

    /// The slot for `key`, created and published if it does not exist yet.
    @usableFromInline
    func slotCreatingIfNeeded(for key: RegistryKey) -> Slot {
        writeLock.withLock {
            if let slot = slot(for: key) { return slot }
            let slot = Slot(key: key, order: count)
            count += 1
            var table = currentTable
            if count > (table.mask + 1) / 2 {
                table = grow(from: table)
            }
            insert(Unmanaged.passRetained(slot).toOpaque(), in: table)
            return slot
        }
    }

    /// Every slot, in first-registration order (for diagnostics and verification).
    var allSlots: [Slot] {
        var found: [Slot] = []
        writeLock.withLock {
            found.reserveCapacity(count)
            forEachSlot { found.append($0) }
        }
        return found.sorted { $0.order < $1.order }
    }

    /// The live table, as a reader loads it (an acquire load: its block is complete).
    @inline(__always)
    private var publishedTable: Table {
        let raw = keystone_load_acquire(
            UnsafeRawPointer(current).assumingMemoryBound(to: UnsafeMutableRawPointer?.self))
        return Table(block: raw.unsafelyUnwrapped.assumingMemoryBound(to: UnsafeMutableRawPointer?.self))
    }

    /// Calls `body` with each slot of the live table, in no particular order, without a lock
    /// (as a reader: a slot published meanwhile may be missed).
    func forEachSlot(_ body: (Slot) -> Void) {
        let table = publishedTable
        for index in 0...table.mask {
            let cell = UnsafeRawPointer(table.cells + index).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
            if let slot = keystone_load_acquire(cell) {
                Unmanaged<Slot>.fromOpaque(slot)._withUnsafeGuaranteedRef(body)
            }
        }
    }

    // MARK: - Writing (with `writeLock` held)

    private var currentTable: Table {
        Table(block: current.pointee.unsafelyUnwrapped.assumingMemoryBound(to: UnsafeMutableRawPointer?.self))
    }

    /// Publishes `slot` (a ``Slot``'s address) in `table`.
    private func insert(_ slot: UnsafeMutableRawPointer, in table: Table) {
        let key = Unmanaged<Slot>.fromOpaque(slot)._withUnsafeGuaranteedRef { $0.key }
        var index = Int(truncatingIfNeeded: key.mixed) & table.mask
        while table.cells[index] != nil {
            index = (index &+ 1) & table.mask
        }
        keystone_store_release(table.cells + index, slot)
    }

    /// A table twice as large as `old`, holding every slot of `old` (the caller inserts the
    /// newest), published; `old` stays reachable from it (readers may still be walking it)
    /// until `deinit`, and the new table takes over its references to the slots.
    private func grow(from old: Table) -> Table {
        let capacity = (old.mask + 1) * 2
        let block = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: Table.words(capacity: capacity))
        let table = Table.initialize(block, capacity: capacity, previous: old.block)
        for index in 0...old.mask {
            if let slot = old.cells[index] { insert(slot, in: table) }
        }
        keystone_store_release(current, UnsafeMutableRawPointer(block))
        return table
    }
}

/// A ``Registry``'s own words, its first stored property: the block that `current` addresses
/// (the published table, the logging word, the first table of eight cells with its two-word
/// header, and the features word), then the writers' lock, then the container's lifecycle
/// words (its lock, wait condition and disposed flag: see ``Lifecycle``).
struct RegistryWords {
    typealias Block = (
        UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
        UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
        UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
        UnsafeMutableRawPointer?
    )

    var block: Block = (nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil)
    var writeLock = keystone_lock()
    var lifecycle = Lifecycle.Words()
}

/// What ``Registry/probe(for:protect:)`` found.
@usableFromInline
struct Probe {
    /// The key's slot, unretained (a slot lives as long as its registry), or nil.
    @usableFromInline let slot: Unmanaged<Slot>?
    /// The published instance, announced; nil if none (or not asked for).
    @usableFromInline let published: UnsafeMutableRawPointer?

    @usableFromInline
    init(slot: Unmanaged<Slot>?, published: UnsafeMutableRawPointer?) {
        self.slot = slot
        self.published = published
    }
}

extension Resolver {
    /// After a binding made by `bind(_:)` converted `instance` (resolved from `target`) to
    /// `converted`: publishes `converted` in the bound slot (`bound`) if `target`'s registration
    /// holds that very instance, so that later resolves of the bound type are answered by the
    /// lock-free read. The target's lock makes the check and the record of the publication one
    /// step with respect to that registration letting the instance go, which withdraws it.
    ///
    /// Not while verification observes the resolution, nor for an instance that is not an
    /// object (its identity cannot be checked) or a main-actor one (a bound type of a
    /// main-actor registration is resolved through the full path, which checks the thread).
    func publishConversion<Other, Service>(
        _ converted: Other,
        of instance: Service,
        target: RegistryKey,
        bound: RegistryKey
    ) {
        guard context.observer == nil, Swift.type(of: instance as Any) is AnyClass else { return }
        let source = instance as AnyObject
        owner._withUnsafeGuaranteedRef { container in
            guard let targetSlot = container.registry.slot(for: target),
                let boundSlot = container.registry.slot(for: bound)
            else { return }
            targetSlot.lock.withLock {
                guard let entry = targetSlot.entry, entry.holdsInstance, !entry.isMainActor,
                    entry.heldObject() === source
                else { return }
                boundSlot.publishConversion(converted, in: targetSlot)
            }
        }
    }
}
