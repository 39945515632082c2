import CKeystoneThreadPrimitives

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A mutual-exclusion lock for state that has no owner to keep its word (a container's
/// features and modules, the process-wide records of waits and escaped resolvers).
///
/// The one-word lock of `KeystoneThreadPrimitives.h` (`os_unfair_lock` on Apple platforms, a
/// futex lock elsewhere), tail-allocated in a `ManagedBuffer`, so that a lock is one allocation
/// with a stable address and needs no initialisation call. `Synchronization.Mutex` would be nicer but
/// needs iOS 18 / macOS 15, and `NSLock` would pull Foundation into the core. A lock that a
/// thread waits on with a condition is a ``ConditionLock``.
///
/// A value type: copies refer to the same lock. `@unchecked Sendable`: its only state is the
/// lock word, changed only atomically (`ManagedBuffer` itself is never `Sendable`).
struct Lock: @unchecked Sendable {
    private final class Storage: ManagedBuffer<Void, keystone_lock> {}

    private let storage: Storage

    init() {
        let buffer = Storage.create(minimumCapacity: 1) { _ in }
        buffer.withUnsafeMutablePointerToElements { word in
            word.initialize(to: keystone_lock())
            keystone_lock_init(word)
        }
        storage = unsafeDowncast(buffer, to: Storage.self)
    }

    @inline(__always)
    func lock() {
        storage.withUnsafeMutablePointerToElements { keystone_lock_lock($0) }
    }

    @inline(__always)
    func unlock() {
        storage.withUnsafeMutablePointerToElements { keystone_lock_unlock($0) }
    }

    /// Runs `body` with the lock held. `body` must not call back into user code that could
    /// take the same lock.
    @inline(__always)
    func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// The address of `object`'s first stored property, as `T`: where a class keeps words that a
/// lock or C addresses, so that they need no allocation of their own (a container's registry,
/// whose words include the container's lifecycle, made per request by a server; a slot; a lazy
/// cell's and the first-use gate's condition lock).
///
/// A class instance's stored properties do not move while it lives, and the first one starts
/// them: `_getUnsafePointerToStoredProperties`, which swift-atomics' `ManagedAtomic` uses the
/// same way. Only for a class with no superclass (whose stored properties would come first),
/// whose first stored property is a `T` that nothing reads or writes except through this
/// address; each owner checks the address against the property's in debug builds.
@inline(__always)
func firstStoredProperty<T>(of object: AnyObject, as type: T.Type) -> UnsafeMutablePointer<T> {
    _getUnsafePointerToStoredProperties(object).assumingMemoryBound(to: T.self)
}

/// Checks, in debug builds, that `property` is the address of `object`'s first stored property
/// (`name`, for the message): what every user of ``firstStoredProperty(of:as:)`` relies on. Call
/// it from the owner's initialiser as `withUnsafePointer(to: &words) { … }`.
func assertFirstStoredProperty<T>(of object: AnyObject, at property: UnsafePointer<T>, _ name: StaticString) {
    assert(
        UnsafeRawPointer(firstStoredProperty(of: object, as: T.self)) == UnsafeRawPointer(property),
        "`\(name)` must be the first stored property of \(type(of: object))"
    )
}

/// A block of memory for words that a lock or C addresses, holding `value`, from `malloc`:
/// `UnsafeMutablePointer.allocate` asks the runtime for its "default" alignment, which it
/// serves with `posix_memalign`, about 40 instructions more per block (a slot makes one, its
/// published word, when it first publishes an instance). Freed with ``freeWords(_:)``.
func allocateWords<T>(_ value: T) -> UnsafeMutablePointer<T> {
    assert(MemoryLayout<T>.alignment <= 16, "malloc aligns to 16 bytes")
    guard let raw = malloc(MemoryLayout<T>.stride) else { fatalError("Keystone: out of memory") }
    let words = raw.bindMemory(to: T.self, capacity: 1)
    words.initialize(to: value)
    return words
}

/// Frees a block made by ``allocateWords(_:)``.
func freeWords<T>(_ words: UnsafeMutablePointer<T>) {
    words.deinitialize(count: 1)
    free(words)
}

/// A one-word lock in memory its owner keeps: a registration's (in its ``Slot``'s words), a
/// registry's writers' (in the registry's own), and the lock of every ``ConditionLock``.
///
/// The slot's is taken on every resolve that the lock-free read does not answer, so it is the
/// one-word lock of `KeystoneThreadPrimitives.h` (`os_unfair_lock` on Apple platforms, a futex
/// lock elsewhere), whose uncontended path is one atomic instruction each way, inlined here.
/// The header states its memory-ordering argument. It has no condition to wait on:
/// ``ConditionLock`` adds one.
///
/// A value type: copies refer to the same lock, a word that its owner keeps (at a stable
/// address), initialises with `keystone_lock_init`, and frees once nobody holds or waits for
/// it.
struct WordLock: @unchecked Sendable {  // the lock word is the synchronisation
    let word: UnsafeMutablePointer<keystone_lock>

    @inline(__always)
    func lock() {
        keystone_lock_lock(word)
    }

    @inline(__always)
    func unlock() {
        keystone_lock_unlock(word)
    }

    /// Takes the lock if it is free, and returns whether it did: for a second slot lock taken
    /// while holding another, where waiting could deadlock and skipping is allowed.
    @inline(__always)
    func tryLock() -> Bool {
        keystone_lock_trylock(word)
    }

    /// Runs `body` with the lock held. `body` must not call back into user code that could
    /// take the same lock.
    @inline(__always)
    func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A lock with a condition to wait on, for the rare paths where a thread waits for another to
/// finish something: a shared build, a lazy cell, the first-use hook, a request's build.
///
/// The lock is a one-word ``WordLock``: a container takes it on every registration, `reset`,
/// `dispose` and first build, nearly always uncontended, where a `pthread_mutex_t` cost two
/// library calls each time. Waiting uses a `pthread_mutex_t` and a `pthread_cond_t` and a
/// generation count (an "event count"), touched only by ``wait()`` and ``broadcast()``. The
/// mutex and the condition are made by the first ``wait()``, in a block of their own: most
/// owners never wait (a request scope whose builds never overlap, a container whose first
/// builds are never contended), and making and destroying the pair cost each of them about a
/// hundred instructions and 88 bytes.
///
/// ``Words`` (the lock, the generation and the block's address) is kept by the owner as its
/// first stored property (see ``firstStoredProperty(of:as:)``: the addresses must not move), so
/// that it costs no allocation of its own; every container has one. The owner makes it with
/// ``initialize()`` in its initialiser and releases it with ``destroy()`` in its `deinit`.
///
/// No wake-up is lost: a waiter reads the generation while it holds `lock`, and waits only
/// while the generation is still that one, reading it under the wait mutex. A broadcaster holds
/// `lock` (so it cannot run between the waiter's state check and its read of the generation)
/// and advances the generation under the wait mutex before it broadcasts, so a waiter that has
/// not yet started waiting sees the new generation and does not wait, and one that waits is
/// woken. The block's address is written once, by a waiter holding `lock`, before it releases
/// `lock` to wait; a broadcaster reads it holding `lock`, so it sees the block of every waiter
/// there is (none while the address is nil: then it only advances the generation).
///
/// A value type: copies refer to the same words. `@unchecked Sendable`: `lock` and the wait
/// mutex are the synchronisation; the generation is written with `lock` held (and the mutex,
/// once there is one), and read with either; the block's address is written once with `lock`
/// held, and read with `lock` held or by the waiter that saw it so.
struct ConditionLock: @unchecked Sendable {
    /// The lock, the generation and the address of the wait mutex and condition, as their
    /// owner keeps them.
    struct Words {
        fileprivate var lock = keystone_lock()
        fileprivate var generation: UInt = 0
        fileprivate var waiting: UnsafeMutablePointer<Waiting>? = nil
    }

    /// The wait mutex and condition, made by the first ``wait()``.
    fileprivate struct Waiting {
        var mutex = pthread_mutex_t()
        var condition = pthread_cond_t()
    }

    private let words: UnsafeMutablePointer<Words>

    /// The lock whose words are at `words`.
    @inline(__always)
    init(_ words: UnsafeMutablePointer<Words>) {
        self.words = words
    }

    /// Makes the lock, in words that hold a `Words()` value. Called once, by their owner's
    /// initialiser.
    func initialize() {
        keystone_lock_init(lock.word)
    }

    /// Destroys the mutex and the condition, if a wait made them. Nobody may hold the lock or
    /// wait.
    func destroy() {
        guard let waiting = waitingAddress.pointee else { return }
        pthread_cond_destroy(Self.condition(in: waiting))
        pthread_mutex_destroy(Self.mutex(in: waiting))
        freeWords(waiting)
    }

    // Each field is reached through a pointer to it alone: an access through `words.pointee`
    // is an access to all of `Words`, the lock word included, which other threads change
    // atomically meanwhile.

    private var generation: UnsafeMutablePointer<UInt> {
        (UnsafeMutableRawPointer(words) + MemoryLayout<Words>.offset(of: \.generation)!)
            .assumingMemoryBound(to: UInt.self)
    }

    private var waitingAddress: UnsafeMutablePointer<UnsafeMutablePointer<Waiting>?> {
        (UnsafeMutableRawPointer(words) + MemoryLayout<Words>.offset(of: \.waiting)!)
            .assumingMemoryBound(to: UnsafeMutablePointer<Waiting>?.self)
    }

    /// The wait mutex in `waiting`: passed to pthread as a pointer of its own, not as
    /// `&waiting.pointee.mutex`, which would be an access to all of `Waiting` for as long as
    /// the call lasts (a `pthread_cond_wait`: until woken).
    private static func mutex(in waiting: UnsafeMutablePointer<Waiting>) -> UnsafeMutablePointer<pthread_mutex_t> {
        (UnsafeMutableRawPointer(waiting) + MemoryLayout<Waiting>.offset(of: \.mutex)!)
            .assumingMemoryBound(to: pthread_mutex_t.self)
    }

    /// The wait condition in `waiting` (see ``mutex(in:)``).
    private static func condition(in waiting: UnsafeMutablePointer<Waiting>) -> UnsafeMutablePointer<pthread_cond_t> {
        (UnsafeMutableRawPointer(waiting) + MemoryLayout<Waiting>.offset(of: \.condition)!)
            .assumingMemoryBound(to: pthread_cond_t.self)
    }

    /// The lock that guards what waiters wait for: `Words`' first field, at its start.
    var lock: WordLock {
        WordLock(word: UnsafeMutableRawPointer(words).assumingMemoryBound(to: keystone_lock.self))
    }

    /// The wait mutex and condition, made now if this is the first wait. Called with `lock`
    /// held.
    private func waitingMade() -> UnsafeMutablePointer<Waiting> {
        if let waiting = waitingAddress.pointee { return waiting }
        let made = allocateWords(Waiting())
        let mutexStatus = pthread_mutex_init(Self.mutex(in: made), nil)
        precondition(mutexStatus == 0, "pthread_mutex_init failed with \(mutexStatus)")
        let conditionStatus = pthread_cond_init(Self.condition(in: made), nil)
        precondition(conditionStatus == 0, "pthread_cond_init failed with \(conditionStatus)")
        waitingAddress.pointee = made
        return made
    }

    /// Waits for a `broadcast`. The caller holds `lock`; it is released while waiting and
    /// held again on return. Callers re-check their condition in a loop (a broadcast wakes
    /// every waiter, whatever it waits for).
    func wait() {
        let waiting = waitingMade()
        let seen = generation.pointee
        lock.unlock()
        pthread_mutex_lock(Self.mutex(in: waiting))
        while generation.pointee == seen {
            pthread_cond_wait(Self.condition(in: waiting), Self.mutex(in: waiting))
        }
        pthread_mutex_unlock(Self.mutex(in: waiting))
        lock.lock()
    }

    /// Wakes every waiter. Called with `lock` held.
    func broadcast() {
        guard let waiting = waitingAddress.pointee else {
            // Nobody ever waited here: nobody to wake, and no mutex to take.
            generation.pointee &+= 1
            return
        }
        pthread_mutex_lock(Self.mutex(in: waiting))
        generation.pointee &+= 1
        pthread_cond_broadcast(Self.condition(in: waiting))
        pthread_mutex_unlock(Self.mutex(in: waiting))
    }
}
