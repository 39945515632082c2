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

    /// The key of a registration with no runtime arguments. Not variadic, so that code not
    /// specialised for `Service` (a generic helper's registration) forms no parameter pack.
    @inlinable
    init<Service>(_ service: Service.Type, name: Name?) {
        self.service = ObjectIdentifier(service)
        self.name = name?.id ?? 0
        self.arguments = ObjectIdentifier(Void.self)
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
/// A slot is created the first time its key is registered, and removed when its registration
/// is unloaded (``Registry/remove(_:)``). Readers find it in a read section and use it there
/// without a reference count; the registry's reference is released only after every section
/// that could have found it has ended (see ``Registry``).
///
/// ## The published instance
///
/// While the registration holds an instance (`.singleton`, `.cached`), the slot also
/// publishes it at `published`, so that resolving it takes no lock: a reader loads the
/// ``InstanceBox`` in a read section, copies the instance out and ends the section (see "Read
/// sections" in `KeystoneThreadPrimitives.h`). The box published is the one the entry holds
/// the instance in (its `held`), with a reference of its own; it is written only with `lock`
/// held, together with `held`, so the two always agree. Unpublishing (`reset`, `dispose`,
/// re-registration) waits for the sections that could have loaded the box before releasing
/// it, so a reader never copies from freed memory.
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
/// The block's address is written once, nil to the block, with a sequentially consistent store
/// (which releases) while `lock` is held, and stays until the slot is freed. A reader loads it
/// with a sequentially consistent load (which acquires): if it
/// sees the block, it sees the block's first value (nil) or a box published since; if it sees
/// nil, nothing was ever published here, which is also what the block would have said. Either
/// way what the read section protects is the word in the block.
///
/// `@unchecked Sendable`: `entry` (and the mutable state of that entry), `installs`,
/// `conversions` and writes of the published word and of its address are guarded by `lock`;
/// `pins` by the registry's write lock; `key` never changes; the published word is read in a
/// read section, and its address with a sequentially consistent load.
@usableFromInline
final class Slot: @unchecked Sendable {
    /// Only reached through ``firstStoredProperty(of:as:)``: ``published``, ``lock``.
    private var words = SlotWords()
    let key: RegistryKey
    /// How many keys the registry had before this one: the order of first registration.
    let order: Int
    /// The current registration and the boxes published for its bound types: what `lock`
    /// guards that a resolve reads, one value whose dynamic exclusivity check is off, since the
    /// lock already excludes overlapping accesses.
    private struct Guarded {
        /// The current registration; nil once the container is disposed.
        var entry: AnyEntry?
        /// While this slot's registration holds an instance: the boxes published for it in the
        /// slots of types bound to it with `bind(_:)` (see ``publishConversion(_:in:)``),
        /// withdrawn with the instance. One record per bound slot.
        var conversions: [(slot: Slot, box: UnsafeMutableRawPointer)] = []
    }
    @exclusivity(unchecked) private var guarded = Guarded()
    /// The current registration; nil once the container is disposed. Guarded by `lock`.
    var entry: AnyEntry? {
        @inline(__always) get { guarded.entry }
        @inline(__always) set { guarded.entry = newValue }
    }
    /// How many registrations were installed here: the ``AnyEntry/generation`` of the latest.
    var installs: UInt = 0
    /// This slot's place in its container's list of slots that hold an instance (see
    /// ``Lifecycle``). Guarded by the container's lifecycle lock, not by `lock`; checked for
    /// exclusivity, since it is touched only as an instance starts or stops being held, where
    /// the check costs nothing the benchmarks see.
    var heldLinks = HeldLinks()
    /// How many registrations are being installed here: made by
    /// ``Registry/slotCreatingIfNeeded(for:)``, ended by ``Registry/unpin(_:)`` once installed.
    /// A pinned slot is never removed, so that a registration racing an `unload` of the same
    /// key is never installed in a slot that is gone. Guarded by the registry's write lock.
    var pins = 0

    init(key: RegistryKey, order: Int) {
        self.key = key
        self.order = order
        withUnsafePointer(to: &words) { assertFirstStoredProperty(of: self, at: $0, "words") }
    }

    deinit {
        // Out of the table for longer than any section that found it (or the container is
        // gone), so no reader can be copying from the box.
        guard let published else { return }
        if let box = published.pointee { Self.releaseUnread(box) }
        freeWords(published)
    }

    /// Releases `box`, a published word's reference, which no reader can be copying from: its
    /// slot is out of the table for longer than any section that found it, or its container is
    /// gone.
    static func releaseUnread(_ box: UnsafeMutableRawPointer) {
        Unmanaged<AnyObject>.fromOpaque(untagged(box)).release()
    }

    /// Where the block's address is kept, in ``SlotWords``.
    @inline(__always)
    private var publishedAddress: UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        UnsafeMutableRawPointer(firstStoredProperty(of: self, as: SlotWords.self))
            .assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }

    /// The word that publishes the ``InstanceBox`` (retained, or nil), or nil if this slot
    /// never published anything (see "The words" above).
    @inline(__always)
    var published: UnsafeMutablePointer<UnsafeMutableRawPointer?>? {
        keystone_load_sequential(publishedAddress)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }

    /// The published box, or nil if none is published for this reader. Called in a read
    /// section (see ``Registry/probe(for:protect:awaited:)``); the box stays valid until the
    /// section ends, and the caller copies it with ``InstanceBox/copy(_:)``, which ends it.
    ///
    /// A box published for some readers only (see ``Readers``) has a tag set in its word, and
    /// is read here only by those: for any other the read answers nil, so that the resolve
    /// takes the full path, whose check refuses it (a main-actor instance off the main actor,
    /// an async registration's instance to a synchronous resolve).
    ///
    /// - Parameter awaited: Whether the reader is an awaited resolve (`resolveAsync`, an
    ///   ``AsyncResolver``), which may read an async registration's instance.
    @inline(__always)
    func publishedInSection(awaited: Bool = false) -> UnsafeMutableRawPointer? {
        guard let published, let box = keystone_load_sequential(published) else { return nil }
        if awaited {
            // An async registration's box is for this reader: untagged here, with no call.
            if _fastPath(UInt(bitPattern: box) & Self.mainActorTag == 0) { return Self.untagged(box) }
        } else if _fastPath(UInt(bitPattern: box) & Self.tags == 0) {
            return box
        }
        return Self.tagged(box, awaited: awaited)
    }

    /// ``publishedInSection`` in a read section of its own: begun here, and left open if a box
    /// is found (the caller copies it with ``InstanceBox/copy(_:)``, which ends it), ended
    /// otherwise. For a caller that holds this slot (through its entry).
    @inline(__always)
    var readPublished: UnsafeMutableRawPointer? {
        keystone_read_begin()
        if let box = publishedInSection() { return box }
        keystone_read_leave()
        return nil
    }

    /// `box` (tagged) untagged, if the reader may read it; otherwise nil.
    @inline(never)
    private static func tagged(_ box: UnsafeMutableRawPointer, awaited: Bool) -> UnsafeMutableRawPointer? {
        if UInt(bitPattern: box) & awaitedTag != 0 { return awaited ? untagged(box) : nil }
        guard MainActorContext.isCurrent else { return nil }
        return untagged(box)
    }

    /// Who may take a published instance from the lock-free read.
    enum Readers {
        /// Every resolve.
        case everyone
        /// Code on the main actor only: a main-actor registration's instance, published with
        /// ``mainActorTag``.
        case mainActor
        /// Awaited resolves only: an async registration's instance, published with
        /// ``awaitedTag``.
        case awaited
    }

    /// The bit set in the published word of a main-actor instance, and the one set in an async
    /// registration's. A box is an object, so its address has these bits clear. Writers
    /// unpublish and retire the word as published (tagged); only the reference itself is
    /// untagged, to copy from it or release it.
    static let mainActorTag: UInt = 1
    static let awaitedTag: UInt = 2
    private static let tags = mainActorTag | awaitedTag

    /// `box` with its tag cleared.
    @inline(__always)
    static func untagged(_ box: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: box) & ~tags).unsafelyUnwrapped
    }

    /// The published word, made if this is the first publication. Called with `lock` held.
    private func publishing() -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        if let published { return published }
        let made = allocateWords(UnsafeMutableRawPointer?.none)
        keystone_publish(publishedAddress, UnsafeMutableRawPointer(made))
        return made
    }

    /// Guards `entry`, `installs`, `conversions` and writes of the published word.
    @inline(__always)
    var lock: WordLock {
        WordLock(word: firstStoredProperty(of: self, as: SlotWords.self).pointer(to: \.lock)!)
    }

    /// Publishes the instance in `held` for the lock-free read: the box the entry holds it in,
    /// with a reference of its own. Called with `lock` held, when the entry starts holding it.
    ///
    /// - Parameter readers: Who may read it: a main-actor registration's instance is for
    ///   main-actor code only, an async registration's for awaited resolves only.
    /// - Returns: The box published before, which the caller passes to ``retire(_:)`` once it
    ///   has released the lock. Always nil in practice: an entry publishes only when it holds
    ///   nothing, and its slot publishes only what it holds.
    func publish<Service>(_ held: InstanceBox<Service>, for readers: Readers) -> UnsafeMutableRawPointer? {
        let box = Self.word(retaining: held, for: readers)
        let published = publishing()
        let previous = keystone_unpublish(published)
        keystone_publish(published, box)
        return previous
    }

    /// What a published word holds for `box`: a reference of its own, tagged for `readers`.
    private static func word(retaining box: AnyObject, for readers: Readers) -> UnsafeMutableRawPointer {
        let tag: UInt
        switch readers {
        case .everyone: tag = 0
        case .mainActor: tag = mainActorTag
        case .awaited: tag = awaitedTag
        }
        return UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: Unmanaged.passRetained(box).toOpaque()) | tag)!
    }

    /// Publishes `converted`, the held instance of the registration at `target` as this slot's
    /// bound type, for the same `readers` as that instance, so that resolving the bound type
    /// takes no lock either. Called with
    /// `target.lock` held, after checking that its entry still holds the instance converted;
    /// takes this slot's lock only if it is free (the two locks are never waited for in this
    /// order elsewhere, but a slot can change roles by re-registration, so this never waits).
    ///
    /// Publishes only while this slot's registration is a binding to `target` that is answered
    /// this way, and publishes nothing yet. The box is withdrawn with the instance
    /// (``withdrawConversions()``), or by this slot's own re-registration or unload, whichever
    /// comes first: each writer unpublishes only what the word still holds, so the box is
    /// retired exactly once.
    func publishConversion<Other>(_ converted: Other, in target: Slot, for readers: Readers) {
        guard lock.tryLock() else { return }
        defer { lock.unlock() }
        guard let binding = entry, binding.publishesConversion, binding.boundTo == target.key else { return }
        let published = publishing()
        guard
            keystone_load_sequential(UnsafeRawPointer(published).assumingMemoryBound(to: UnsafeMutableRawPointer?.self))
                == nil
        else { return }
        let box = Self.word(retaining: InstanceBox(converted), for: readers)
        keystone_publish(published, box)
        if let index = target.guarded.conversions.firstIndex(where: { $0.slot === self }) {
            target.guarded.conversions[index].box = box
        } else {
            target.guarded.conversions.append((self, box))
        }
    }

    /// Withdraws the boxes published for this slot's held instance in bound slots, and returns
    /// the ones still published, for ``retire(_:)`` after every lock is released. Called with
    /// `lock` held, when the entry lets its instance go.
    func withdrawConversions() -> [(slot: Slot, box: UnsafeMutableRawPointer)] {
        guard !guarded.conversions.isEmpty else { return [] }
        defer { guarded.conversions = [] }
        return guarded.conversions.filter { record in
            // The bound slot made its word when it published this box.
            record.slot.published.map { keystone_replace_if($0, record.box, nil) } ?? false
        }
    }

    /// Withdraws the published instance, if any. Called with `lock` held, when the entry lets
    /// its instance go. No new reader can find the box once this returns, but readers that
    /// loaded it before may still be copying from it: the caller passes the box it returns
    /// to ``retire(_:)`` after releasing every lock, so that nothing waits for those readers
    /// while holding a lock (a reader in a section may be waiting for this slot's).
    func unpublish() -> UnsafeMutableRawPointer? {
        published.flatMap(keystone_unpublish)
    }

    /// Waits until every read section that could have loaded `box` has ended (a reader holds
    /// it for a load and a retain), then releases it. Called with no slot lock held.
    static func retire(_ box: UnsafeMutableRawPointer) {
        keystone_read_synchronize()
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

    /// Copies the value out of the box that a probe found in its read section, then ends the
    /// section. The copy (and the reference it takes) is made first.
    @inlinable
    @inline(__always)
    static func copy(_ box: UnsafeMutableRawPointer) -> Service {
        let value = Unmanaged<InstanceBox<Service>>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.value }
        keystone_read_end()
        return value
    }
}

/// A hash table from ``RegistryKey`` to ``Slot`` that is read without any lock.
///
/// Open addressing with linear probing over an array of slot references; the live table owns
/// its slots (one reference each). Writers serialise on `writeLock`. A writer fills a slot in
/// completely, then publishes it in a free cell; a reader loads cells in a read section (see
/// "Read sections" in `KeystoneThreadPrimitives.h`) and stops at the first empty one. A removed
/// slot's cell becomes a tombstone, which readers step over and a later insert may reuse. When
/// live slots and tombstones would fill more than half of the table, it is rebuilt without
/// tombstones (twice as large if more than a quarter of it is live, otherwise the same size)
/// and the new table is published.
///
/// Nothing a reader can reach is freed while it may still be reading it: a table replaced and
/// a slot removed are retired, and ``reclaim()`` frees them once every section that could have
/// found them has ended. So the registry's memory follows the keys registered now, not every
/// key ever registered: a long-lived container that loads and unloads modules stays the same
/// size. A registration allocates nothing here beyond its share of the table.
///
/// Every load a reader makes of the table word and of cells, and every store a writer makes
/// to them, is sequentially consistent, as the sections' argument needs; on x86-64 and ARM64
/// such a load is the same instruction as an acquire load.
///
/// `@unchecked Sendable`: mutable state is guarded by `writeLock`; the table word and the
/// cells are read in read sections and written with sequentially consistent stores.
@usableFromInline
final class Registry: @unchecked Sendable {
    /// The registry's words, only reached through their address (``words``, ``word(_:)``):
    /// first, so that they are part of the registry's allocation (see
    /// ``firstStoredProperty(of:as:)``), and a new container allocates nothing for them.
    private var ownWords = RegistryWords()

    /// A table, in one block of words: its `mask`, then `mask + 1` cells, each a ``Slot``, a
    /// tombstone (``Registry/tombstone``) or nil. The block is written completely before it is
    /// published.
    private struct Table {
        let block: UnsafeMutablePointer<UnsafeMutableRawPointer?>

        @inline(__always)
        var mask: Int { Int(bitPattern: block[0]) }
        @inline(__always)
        var cells: UnsafeMutablePointer<UnsafeMutableRawPointer?> { block + 1 }

        /// Writes the header of a table of `capacity` empty cells into `block`.
        static func initialize(_ block: UnsafeMutablePointer<UnsafeMutableRawPointer?>, capacity: Int) -> Table {
            block.initialize(to: UnsafeMutableRawPointer(bitPattern: capacity - 1))
            (block + 1).initialize(repeating: nil, count: capacity)
            return Table(block: block)
        }

        static func words(capacity: Int) -> Int { 1 + capacity }
    }

    /// What a removed slot's cell holds: not a slot (an object's address is aligned), and not
    /// nil, so that a reader looking for a key placed after it goes on.
    @inline(__always)
    private static var tombstone: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 1)! }

    /// How many cells the first table has: room for four registrations (a table grows when it
    /// is half full), which is what a request's child container usually has.
    private static let initialCapacity = 8

    /// The registry's own words (``RegistryWords``), its first stored property.
    @inlinable
    var words: UnsafeMutablePointer<RegistryWords> {
        @inline(__always) get {
            _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: RegistryWords.self)
        }
    }

    /// The address of one of the registry's words, by its name.
    @inlinable
    @inline(__always)
    func word(_ name: WritableKeyPath<RegistryWords, RegistryWords.Word>) -> UnsafeMutablePointer<RegistryWords.Word> {
        words.pointer(to: name)!
    }

    /// The published table word: the address of a `Table`'s block.
    @inlinable
    var current: UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        @inline(__always) get { word(\.table) }
    }

    /// The first table's block, part of the registry's words: never freed. (Its words are one
    /// homogeneous tuple, laid out as consecutive words.)
    private var firstTable: UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        UnsafeMutableRawPointer(words.pointer(to: \.firstTable)!).assumingMemoryBound(to: RegistryWords.Word.self)
    }

    /// Serialises writers.
    private var writeLock: WordLock {
        WordLock(word: words.pointer(to: \.writeLock)!)
    }
    /// The writers' bookkeeping, guarded by `writeLock`, which already excludes overlapping
    /// accesses, so its dynamic exclusivity check is off (a thread-local lookup on each of the
    /// several accesses every registration makes).
    @exclusivity(unchecked) private var writers = Writers()

    /// What `writeLock` guards besides the table. (The table is the list of slots: a list of
    /// its own was one more allocation per container.)
    private struct Writers {
        /// How many slots the live table holds.
        var live = 0
        /// How many of its cells are tombstones.
        var tombstones = 0
        /// How many slots were ever made here: the next slot's ``Slot/order``.
        var made = 0
        /// Tables replaced and slots removed (with the table's reference), for ``reclaim()``.
        var retiredTables: [UnsafeMutablePointer<UnsafeMutableRawPointer?>] = []
        var retiredSlots: [Unmanaged<Slot>] = []
    }
    /// The container's lifetime state but for its words (see ``Lifecycle``), guarded by the
    /// lifecycle's lock, which already excludes overlapping accesses, so the dynamic
    /// exclusivity check is off.
    @exclusivity(unchecked) var lifecycleState = Lifecycle.State()

    /// The container's lifecycle words, part of the registry's own (see ``Lifecycle``).
    @inline(__always)
    var lifecycleWords: UnsafeMutablePointer<Lifecycle.Words> {
        words.pointer(to: \.lifecycle)!
    }

    /// The container's features, made on first need (see `Container.features`), so that a
    /// container that uses none of them allocates nothing for them. The container releases
    /// what it holds.
    var featuresWord: UnsafeMutablePointer<UnsafeMutableRawPointer?> { word(\.features) }

    /// The container's weak reference for async resolvers, made on first need (see
    /// `Container.weakReference`). The container releases what it holds.
    var weakContainerWord: UnsafeMutablePointer<UnsafeMutableRawPointer?> { word(\.weakContainer) }

    /// A context kept for the container's next top-level awaited resolve (see
    /// `ResolutionContext.finishAwaited(_:in:)`). The container releases what it holds.
    var spareAwaitedContextWord: UnsafeMutablePointer<UnsafeMutableRawPointer?> { word(\.spareAwaitedContext) }

    /// The container's spare request scope (see `RequestScope.endAndRecycle`). The container
    /// releases what it holds.
    var spareRequestScopeWord: UnsafeMutablePointer<UnsafeMutableRawPointer?> { word(\.spareRequestScope) }

    /// The family of containers this registry belongs to (a root container and its
    /// descendants), as a nonzero tag: whose resolutions a registration taken out of this
    /// registry waits for (see ``RetiredEntries``). A root's own, derived from its identity;
    /// set to the parent's by a child's initialiser, before anything resolves in it.
    var family: UInt16 = 1

    init() {
        family = Self.family(of: ObjectIdentifier(self))
        withUnsafePointer(to: &ownWords) { assertFirstStoredProperty(of: self, at: $0, "ownWords") }
        assert(
            MemoryLayout.size(ofValue: ownWords.firstTable)
                == Table.words(capacity: Self.initialCapacity) * MemoryLayout<RegistryWords.Word>.stride,
            "RegistryWords.firstTable must hold a table of the first capacity"
        )
        // `ownWords` is all nil and zero; the first table's header, then the published table.
        let first = Table.initialize(firstTable, capacity: Self.initialCapacity)
        current.pointee = UnsafeMutableRawPointer(first.block)
    }

    deinit {
        // No reader is left: the container is gone.
        // What the container holds goes with it, also when something outside keeps a
        // registration alive: an `AsyncResolver` that an instance kept holds the registration it
        // was handed for, which held the instance, in its entry and in the box its slot (which
        // the entry holds) publishes. The slots listed as holding an instance, so that a
        // container that holds none (or was disposed) walks nothing.
        var held = lifecycleState.oldestHeld
        while let listed = held {
            let slot = listed.takeUnretainedValue()
            held = slot.heldLinks.newer
            if let box = slot.unpublish() { Slot.releaseUnread(box) }
            slot.entry?.forgetHeldInstance()
        }
        let table = currentTable
        for index in 0...table.mask {
            guard let cell = table.cells[index], cell != Self.tombstone else { continue }
            let slot = Unmanaged<Slot>.fromOpaque(cell)
            slot._withUnsafeGuaranteedRef { $0.entry = nil }  // entries hold their slot; break the cycle
            slot.release()  // the table's reference
        }
        if table.block != firstTable { table.block.deallocate() }
        for block in writers.retiredTables { block.deallocate() }
        for slot in writers.retiredSlots { slot.release() }
        Lifecycle(self).builds.destroy()
    }

    /// Whether the container has a logger. The fast paths check it, and leave a resolve to
    /// the slow path, which reports what it does, while it is on.
    @inlinable
    @inline(__always)
    var isLogging: Bool {
        keystone_load_sequential(
            UnsafeRawPointer(word(\.logging)).assumingMemoryBound(to: UnsafeMutableRawPointer?.self))
            != nil
    }

    /// Turns the logging word on or off; the container's logger lock is held.
    func setLogging(_ on: Bool) {
        keystone_publish(word(\.logging), on ? UnsafeMutableRawPointer(bitPattern: 1) : nil)
    }

    // MARK: - Reading

    /// Calls `body` with the slot for `key` (nil if none), in a read section: the slot stays
    /// valid until `body` returns. `body` keeps no unretained reference to it, runs no user
    /// code and waits for nothing but a slot lock.
    @inline(__always)
    func withSlot<Result>(for key: RegistryKey, _ body: (Unmanaged<Slot>?) -> Result) -> Result {
        keystone_read_begin()
        defer { keystone_read_leave() }
        return body(slotInSection(for: key))
    }

    /// The slot for `key`, or nil if the key is not registered here (never, or unloaded).
    func slot(for key: RegistryKey) -> Slot? {
        withSlot(for: key) { $0?.takeUnretainedValue() }
    }

    /// Whether there is a slot for `key`: registered here, or emptied by `dispose`.
    @inline(__always)
    func hasSlot(for key: RegistryKey) -> Bool {
        withSlot(for: key) { $0 != nil }
    }

    /// The registration for `key`, without the published instance: ``probe(for:protect:)``
    /// with `protect` false. The caller gives its reference back with ``Probe/release()``.
    @usableFromInline
    func lookUpEntry(_ key: RegistryKey) -> Probe {
        probe(for: key, protect: false)
    }

    /// One lookup of `key` for a resolve: if `protect` and the slot publishes an instance,
    /// that instance, in the read section the lookup began, which stays open: the caller must
    /// copy it with ``InstanceBox/copy(_:)``, which ends the section (a section left open makes
    /// the next `reset`, `dispose` or `unload` wait forever). Otherwise, with the section ended,
    /// the slot's registration (retained, nil if none) and whether there is a slot.
    @usableFromInline
    func probe(for key: RegistryKey, protect: Bool, awaited: Bool = false) -> Probe {
        look(for: key, protect: protect, awaited: awaited, retains: true)
    }

    /// A nonzero tag for the family rooted at `root`. Two families may share one: their
    /// registrations then wait for each other's resolutions, which is only slower.
    static func family(of root: ObjectIdentifier) -> UInt16 {
        let bits = UInt(bitPattern: root.hashValue)
        let tag = UInt16(truncatingIfNeeded: bits >> 4 ^ bits >> 20 ^ bits >> 36)
        return tag == 0 ? 1 : tag
    }

    /// ``probe(for:protect:awaited:)`` for a nested resolve of a synchronous resolution running
    /// on this thread: the registration comes without a reference of its own (the caller
    /// gives none back). It stays alive while that resolution runs: a registration taken out
    /// of its slot meanwhile is released only after it ends (see ``RetiredEntries``).
    func probeInResolution(for key: RegistryKey, protect: Bool) -> Probe {
        look(for: key, protect: protect, awaited: false, retains: false)
    }

    @inline(__always)
    private func look(for key: RegistryKey, protect: Bool, awaited: Bool, retains: Bool) -> Probe {
        keystone_read_begin()
        guard let slot = slotInSection(for: key) else {
            keystone_read_leave()
            return .missing
        }
        return slot._withUnsafeGuaranteedRef { slot in
            if protect, let box = slot.publishedInSection(awaited: awaited) { return .published(box) }
            return entryInSection(of: slot, retains: retains)
        }
    }

    /// The registration in `slot`, read in the read section that the caller began and this
    /// ends: a reference of its own if `retains`, otherwise borrowed, the resolution noted first.
    @inline(__always)
    private func entryInSection(of slot: Slot, retains: Bool) -> Probe {
        if !retains { keystone_resolving_note(family) }
        let entry = slot.lock.withLock {
            slot.entry.map { retains ? Unmanaged.passRetained($0) : Unmanaged.passUnretained($0) }
        }
        keystone_read_leave()
        guard let entry else { return .emptySlot }
        return .entry(entry)
    }

    /// ``probe(for:protect:awaited:)`` for a top-level synchronous resolve: the published
    /// instance is answered unless the container has a logger (whose slow path reports the
    /// resolve). The registration comes borrowed, as a nested resolve's does
    /// (``probeInResolution(for:protect:)``): the lookup notes the thread's resolution before it
    /// reads it, so that it stays alive until the resolution that ``Container/resolveUncached``
    /// runs with it ends (a retain and a release fewer on every top-level resolve). The caller
    /// goes on with it to `resolveUncached` and never gives it back.
    @usableFromInline
    func probeForResolve(_ key: RegistryKey) -> Probe {
        look(for: key, protect: _fastPath(!isLogging), awaited: false, retains: false)
    }

    /// ``probeForResolve(_:)`` without the published instance: the registration, borrowed,
    /// for a top-level resolve that `resolveUncached` runs at once (a collection's
    /// contributions, each resolved by its own key).
    @usableFromInline
    func lookUpForResolve(_ key: RegistryKey) -> Probe {
        look(for: key, protect: false, awaited: false, retains: false)
    }

    /// ``lookUpForResolve(_:)`` of a contribution's own registration, one of this registry's,
    /// read from its slot (which the caller holds), without looking its key up again: borrowed
    /// the same way, the resolution noted first.
    @usableFromInline
    func lookUpForResolve(in slot: Slot) -> Probe {
        keystone_read_begin()
        return entryInSection(of: slot, retains: false)
    }

    /// ``probeForResolve(_:)`` for an awaited resolve, which may read an async registration's
    /// instance too. A function of its own, so that neither read tests who reads at run time.
    @usableFromInline
    func probeForAwaitedResolve(_ key: RegistryKey) -> Probe {
        look(for: key, protect: _fastPath(!isLogging), awaited: true, retains: true)
    }

    /// For a child without a slot for `key`: whether this registry has one, and if so the
    /// instance it publishes, in a read section left open for the caller to end with
    /// ``InstanceBox/copy(_:)`` (nil, with the section ended, if it publishes none).
    func publishedInstance(for key: RegistryKey, awaited: Bool = false) -> (found: Bool, box: UnsafeMutableRawPointer?)
    {
        keystone_read_begin()
        guard let slot = slotInSection(for: key) else {
            keystone_read_leave()
            return (false, nil)
        }
        guard let box = slot._withUnsafeGuaranteedRef({ $0.publishedInSection(awaited: awaited) }) else {
            keystone_read_leave()
            return (true, nil)
        }
        return (true, box)
    }

    /// Every slot, in first-registration order (for diagnostics and verification).
    var allSlots: [Slot] {
        var found: [Slot] = []
        writeLock.withLock {
            found.reserveCapacity(writers.live)
            let table = currentTable
            for index in 0...table.mask {
                guard let cell = table.cells[index], cell != Self.tombstone else { continue }
                found.append(Unmanaged<Slot>.fromOpaque(cell).takeUnretainedValue())
            }
        }
        return found.sorted { $0.order < $1.order }
    }

    /// Calls `body` with each slot, with no lock held while it runs (it may release what user
    /// code captured): the slots are taken, each with a reference, under the write lock, into
    /// storage on the stack when they are few, so that a container's `dispose` allocates
    /// nothing for it.
    func forEachSlot(_ body: (Slot) -> Void) {
        let capacity = writeLock.withLock { writers.live }
        withUnsafeTemporaryAllocation(of: Unmanaged<Slot>.self, capacity: capacity) { buffer in
            let count = writeLock.withLock {
                var count = 0
                let table = currentTable
                for index in 0...table.mask where count < capacity {
                    guard let cell = table.cells[index], cell != Self.tombstone else { continue }
                    buffer[count] = Unmanaged<Slot>.fromOpaque(cell).retain()
                    count += 1
                }
                return count
            }
            for index in 0..<count {
                buffer[index]._withUnsafeGuaranteedRef(body)
                buffer[index].release()
            }
        }
    }

    /// How many keys have a slot here, and how many cells the live table has: what the
    /// registry's memory follows (for tests of it).
    var footprint: (slots: Int, cells: Int) {
        writeLock.withLock { (writers.live, currentTable.mask + 1) }
    }

    /// The slot for `key` in the live table, or nil. Called in a read section, or with
    /// `writeLock` held (then no table or slot is retired meanwhile).
    @inline(__always)
    private func slotInSection(for key: RegistryKey) -> Unmanaged<Slot>? {
        let table = publishedTable
        var index = Int(truncatingIfNeeded: key.mixed) & table.mask
        while true {
            let cell = UnsafeRawPointer(table.cells + index).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
            guard let candidate = keystone_load_sequential(cell) else { return nil }
            if candidate != Self.tombstone {
                let slot = Unmanaged<Slot>.fromOpaque(candidate)
                if slot._withUnsafeGuaranteedRef({ $0.key == key }) { return slot }
            }
            index = (index &+ 1) & table.mask
        }
    }

    /// The live table, as a reader loads it.
    @inline(__always)
    private var publishedTable: Table {
        let raw = keystone_load_sequential(
            UnsafeRawPointer(current).assumingMemoryBound(to: UnsafeMutableRawPointer?.self))
        return Table(block: raw.unsafelyUnwrapped.assumingMemoryBound(to: UnsafeMutableRawPointer?.self))
    }

    // MARK: - Writing

    /// The slot for `key`, created and published if it does not exist yet, and pinned (see
    /// ``Slot/pins``): the caller installs a registration in it with `Container.install`, which
    /// ends the pin with ``unpin(_:)``.
    @usableFromInline
    func slotCreatingIfNeeded(for key: RegistryKey) -> Slot {
        writeLock.withLock {
            if let slot = slotInSection(for: key) {
                return slot._withUnsafeGuaranteedRef { slot in
                    slot.pins += 1
                    return slot
                }
            }
            let slot = Slot(key: key, order: writers.made)
            writers.made += 1
            slot.pins = 1
            insert(Unmanaged.passRetained(slot).toOpaque())
            return slot
        }
    }

    /// Ends a pin that ``slotCreatingIfNeeded(for:)`` made.
    func unpin(_ slot: Slot) {
        writeLock.withLock { slot.pins -= 1 }
    }

    /// Removes `slot` from the table, if no registration is in it and none is being installed
    /// in it (see ``Slot/pins``): its key is then not registered here, as if it never was, and
    /// a later registration makes a new slot. The table's reference to it is released by
    /// ``reclaim()``, which the caller runs once it has released its locks. Called with no
    /// slot lock held. Returns whether it removed it.
    @discardableResult
    func remove(_ slot: Slot) -> Bool {
        writeLock.withLock {
            guard slot.pins == 0, slot.lock.withLock({ slot.entry == nil }) else { return false }
            let table = currentTable
            let address = Unmanaged.passUnretained(slot).toOpaque()
            var index = Int(truncatingIfNeeded: slot.key.mixed) & table.mask
            while let cell = table.cells[index] {
                if cell == address {
                    keystone_publish(table.cells + index, Self.tombstone)
                    writers.live -= 1
                    writers.tombstones += 1
                    writers.retiredSlots.append(.fromOpaque(address))
                    return true
                }
                index = (index &+ 1) & table.mask
            }
            return false  // removed already
        }
    }

    /// Frees the tables replaced and releases the slots removed, once every read section that
    /// could have found them has ended. Called with no lock held (it waits for readers, and a
    /// reader may wait for a slot lock).
    func reclaim() {
        let (tables, slots) = writeLock.withLock {
            defer {
                writers.retiredTables = []
                writers.retiredSlots = []
            }
            return (writers.retiredTables, writers.retiredSlots)
        }
        guard !tables.isEmpty || !slots.isEmpty else { return }
        keystone_read_synchronize()
        for block in tables { block.deallocate() }
        for slot in slots { slot.release() }
    }

    /// The live table, for a writer (with `writeLock` held).
    private var currentTable: Table {
        Table(block: current.pointee.unsafelyUnwrapped.assumingMemoryBound(to: UnsafeMutableRawPointer?.self))
    }

    /// Publishes `slot` (a new ``Slot``'s address, retained) in the live table, rebuilt first
    /// if it would be more than half full of slots and tombstones.
    private func insert(_ slot: UnsafeMutableRawPointer) {
        var table = currentTable
        let capacity = table.mask + 1
        if writers.live + writers.tombstones + 1 > capacity / 2 {
            table = rebuild(capacity: writers.live + 1 > capacity / 4 ? capacity * 2 : capacity)
        }
        place(slot, in: table)
        writers.live += 1
    }

    /// Publishes `slot` in the first free cell of its key's run in `table`: an empty one, or a
    /// tombstone.
    private func place(_ slot: UnsafeMutableRawPointer, in table: Table) {
        let key = Unmanaged<Slot>.fromOpaque(slot)._withUnsafeGuaranteedRef { $0.key }
        var index = Int(truncatingIfNeeded: key.mixed) & table.mask
        while let cell = table.cells[index], cell != Self.tombstone {
            index = (index &+ 1) & table.mask
        }
        if table.cells[index] != nil { writers.tombstones -= 1 }
        keystone_publish(table.cells + index, slot)
    }

    /// Publishes a table of `capacity` cells holding every slot of the live one, without its
    /// tombstones, and retires the one it replaces (readers may still be walking it) for
    /// ``reclaim()``; the new table takes over its references to the slots.
    private func rebuild(capacity: Int) -> Table {
        let old = currentTable
        let block = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: Table.words(capacity: capacity))
        let table = Table.initialize(block, capacity: capacity)
        writers.tombstones = 0
        for index in 0...old.mask {
            if let cell = old.cells[index], cell != Self.tombstone { place(cell, in: table) }
        }
        keystone_publish(current, UnsafeMutableRawPointer(block))
        if old.block != firstTable { writers.retiredTables.append(old.block) }
        return table
    }
}

/// A ``Registry``'s own words, its first stored property, each reached by its name (see
/// ``Registry/word(_:)``), never by its position: the published table and the logging word
/// (first, at a fixed offset in the registry, for the resolve fast path, and sharing a cache
/// line), the first table of eight cells with its one-word header, four object words (the
/// features, the weak reference for async resolvers, the spare awaited resolution and the spare
/// request scope), then the writers' lock, then the container's lifecycle words (its lock,
/// wait condition and disposed flag: see ``Lifecycle``).
@usableFromInline
struct RegistryWords {
    /// A word read and written atomically, by address.
    @usableFromInline typealias Word = UnsafeMutableRawPointer?

    /// The published table: the address of a `Table`'s block.
    @usableFromInline var table: Word = nil
    /// Non-nil while the container has a logger (see ``Registry/isLogging``).
    @usableFromInline var logging: Word = nil
    /// The first table's block: its header, then its eight cells. Never freed.
    var firstTable: (Word, Word, Word, Word, Word, Word, Word, Word, Word) = (
        nil, nil, nil, nil, nil, nil, nil, nil, nil
    )
    /// The container's features, made on first need (see `Container.features`).
    var features: Word = nil
    /// The container's weak reference for async resolvers (see `Container.weakReference`).
    var weakContainer: Word = nil
    /// A context kept for the container's next top-level awaited resolve (see
    /// `ResolutionContext.finishAwaited(_:in:)`).
    var spareAwaitedContext: Word = nil
    /// The container's spare request scope (see `RequestScope.endAndRecycle`).
    var spareRequestScope: Word = nil
    var writeLock = keystone_lock()
    var lifecycle = Lifecycle.Words()
}

/// What ``Registry/probe(for:protect:)`` found.
///
/// Its registration is a reference of its own, which whoever looked it up gives back with
/// ``release()`` once done with it (the resolve it passes the probe to borrows it); except
/// from ``Registry/probeInResolution(for:protect:)``, whose registration is borrowed: a value
/// that holds no counted reference, so that handing it down, or capturing it in a closure, is
/// no retain and release. One word and a tag, so that it is passed and returned in registers.
@usableFromInline
enum Probe {
    /// No slot for the key: not registered here.
    case missing
    /// A slot with no registration in it: the container was disposed (or `unload` emptied it
    /// while another registration of the key was being installed).
    case emptySlot
    /// The key's registration here (a reference of its own, or borrowed: see above).
    case entry(Unmanaged<AnyEntry>)
    /// The published instance, in the read section the probe began and left open (the caller
    /// copies it with ``InstanceBox/copy(_:)``, which ends it).
    case published(UnsafeMutableRawPointer)

    /// The published instance, if that is what was found.
    @inlinable
    var published: UnsafeMutableRawPointer? {
        if case .published(let box) = self { return box }
        return nil
    }

    /// The registration, if that is what was found.
    @inlinable
    var entry: Unmanaged<AnyEntry>? {
        if case .entry(let entry) = self { return entry }
        return nil
    }

    /// Whether what was found may hold its instance: false only for a registration found here
    /// whose scope holds none (a transient, a `.graph`, a `.weak` or a `.request` service),
    /// true for anything else, which is looked at more closely where it matters.
    var mayHoldInstance: Bool {
        guard case .entry(let entry) = self else { return true }
        return entry.takeUnretainedValue().keepsInstance
    }

    /// Whether the container has a slot for the key.
    @inlinable
    var hasSlot: Bool {
        if case .missing = self { return false }
        return true
    }

    /// Gives back the reference to the registration.
    @inlinable
    @inline(__always)
    func release() {
        if case .entry(let entry) = self { entry.release() }
    }
}

extension Resolver {
    /// After a binding made by `bind(_:)` converted `instance` (resolved from `target`) to
    /// `converted`: publishes it as ``Container/publishConversion(_:of:target:bound:)`` says,
    /// unless verification observes the resolution.
    func publishConversion<Other, Service>(
        _ converted: Other,
        of instance: Service,
        target: RegistryKey,
        bound: RegistryKey
    ) {
        guard context.observer == nil else { return }
        owner._withUnsafeGuaranteedRef { $0.publishConversion(converted, of: instance, target: target, bound: bound) }
    }
}

extension Container {
    /// After a binding made by `bind(_:)` converted `instance` (resolved from `target`) to
    /// `converted`: publishes `converted` in the bound slot (`bound`) if `target`'s registration
    /// holds that very instance, for the readers its instance is published for, so that later
    /// resolves of the bound type are answered by the lock-free read. The target's lock makes
    /// the check and the record of the publication one step with respect to that registration
    /// letting the instance go, which withdraws it.
    ///
    /// Not for an instance that is not an object (its identity cannot be checked) or a
    /// main-actor one (a bound type of a main-actor registration is resolved through the full
    /// path, which checks the thread).
    func publishConversion<Other, Service>(
        _ converted: Other,
        of instance: Service,
        target: RegistryKey,
        bound: RegistryKey
    ) {
        guard let targetSlot = registry.slot(for: target) else { return }
        // A registration that keeps no instance (a transient, say) has nothing to publish: asked
        // first, because the casts below cost several times a resolve.
        guard targetSlot.lock.withLock({ targetSlot.entry?.keepsInstance ?? false }) else { return }
        guard Swift.type(of: instance as Any) is AnyClass, let boundSlot = registry.slot(for: bound) else { return }
        let source = instance as AnyObject
        targetSlot.lock.withLock {
            // A held instance: a synchronous registration's (`holdsInstance`) or an async
            // one's, which is published for awaited resolves only, and so is its conversion.
            guard let entry = targetSlot.entry, !entry.isMainActor, entry.heldObject() === source else { return }
            boundSlot.publishConversion(converted, in: targetSlot, for: entry.isAsync ? .awaited : .everyone)
        }
    }
}
