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
        buffer.withUnsafeMutablePointerToElements { $0.initialize(to: keystone_lock()) }
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
/// address), initialises with `keystone_lock()` (a free lock), and frees once nobody holds or waits for
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

/// A flag read without a lock, in a word that its owner keeps (at a stable address, as a
/// ``WordLock``'s): a container's disposed flag, an async resolution's end, the first-use
/// gate's done state, whether live registrations are watched.
///
/// Set and cleared with `keystone_publish`, read with `keystone_load_sequential`: the
/// header's one strength of word load and store (sequentially consistent, so a store releases
/// and a load acquires). A reader that sees the flag set sees everything its setter did
/// before setting it. The owner says what serialises its writers.
///
/// A value type: copies refer to the same word.
struct Flag {
    /// The word, as its owner keeps it: clear when made.
    struct Word {
        /// Nil while the flag is clear; the word's own address while it is set.
        fileprivate var value: UnsafeMutableRawPointer? = nil
    }

    private let word: UnsafeMutablePointer<Word>

    /// The flag whose word is at `word`.
    @inline(__always)
    init(_ word: UnsafeMutablePointer<Word>) {
        self.word = word
    }

    /// A flag in a word of its own, clear; freed with ``free()``.
    static func allocate() -> Flag {
        Flag(allocateWords(Word()))
    }

    /// Frees the word of a flag made by ``allocate()``.
    func free() {
        freeWords(word)
    }

    // `&word.pointee.value` is the value's own address: `pointee` is reached through the
    // pointer's addressors, not copied out and back.

    /// Whether the flag is set.
    @inline(__always)
    var isSet: Bool { keystone_load_sequential(&word.pointee.value) != nil }

    /// Sets or clears the flag.
    @inline(__always)
    func set(_ on: Bool) {
        keystone_publish(&word.pointee.value, on ? UnsafeMutableRawPointer(word) : nil)
    }
}

/// An object in a word that its owner keeps (at a stable address), read and changed without a
/// lock: one made on first need by whichever thread needs it first (a container's features, its
/// weak reference for async resolvers), or a spare that one user at a time takes and gives
/// back (a container's spare request scope and async resolution).
///
/// An object enters the word by ``offer(_:)``, a compare-and-exchange from nil
/// (`keystone_replace_if`), which releases what was written to it before; a reader loads it
/// with `keystone_load_sequential` (``existing``) and a taker exchanges it out
/// (`keystone_unpublish`, ``take()``), both of which acquire it: so whoever finds it sees it as
/// it was when it was offered. The word holds a reference of its own, which the owner gives
/// back with ``release()`` when it goes.
struct PublishedObject<Object: AnyObject> {
    private let word: UnsafeMutablePointer<UnsafeMutableRawPointer?>

    /// The object in `word`, if any.
    @inline(__always)
    init(_ word: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        self.word = word
    }

    /// The object, if there is one, left in the word.
    @inline(__always)
    var existing: Object? {
        keystone_load_sequential(word).map { Unmanaged<Object>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The object, made with `make` and published if there was none: the first thread's, if
    /// two make one at once.
    @inline(__always)
    func get(orMake make: () -> Object) -> Object {
        existing ?? publish(make())
    }

    @inline(never)
    private func publish(_ made: Object) -> Object {
        offer(made) ? made : existing!
    }

    /// Takes the object out of the word, leaving it empty: the taker holds the only reference
    /// that the word had.
    @inline(__always)
    func take() -> Object? {
        keystone_unpublish(word).map { Unmanaged<Object>.fromOpaque($0).takeRetainedValue() }
    }

    /// Puts `object` in the word if it is empty, and returns whether it did; otherwise the
    /// reference handed over is let go.
    @inline(__always)
    @discardableResult
    func offer(_ object: consuming Object) -> Bool {
        let retained = Unmanaged.passRetained(consume object).toOpaque()
        if keystone_replace_if(word, nil, retained) { return true }
        Unmanaged<Object>.fromOpaque(retained).release()
        return false
    }

    /// Gives back the word's reference, if it holds an object: for the owner's `deinit`.
    func release() {
        if let object = word.pointee { Unmanaged<Object>.fromOpaque(object).release() }
    }
}

/// A lock with a condition to wait on, for the rare paths where a thread waits for another to
/// finish something: a shared build, a lazy cell, the first-use hook, a request's build.
///
/// The lock is a one-word ``WordLock``: a container takes it on every registration, `reset`,
/// `dispose` and first build, nearly always uncontended, where a `pthread_mutex_t` cost two
/// library calls each time. Waiting uses a `pthread_mutex_t` and a `pthread_cond_t` of its own
/// and a generation count (an "event count"), touched only by ``wait()`` and ``broadcast()``.
/// The first ``wait()`` initialises the mutex and the condition: most owners never wait (a
/// request scope whose builds never overlap, a container whose first builds are never
/// contended), and initialising and destroying the pair cost each of them about 150
/// instructions.
///
/// All of it is ``Words``, which the owner keeps as its first stored property (see
/// ``firstStoredProperty(of:as:)``: the addresses must not move), so that it costs no
/// allocation of its own; every container has one. `Words()` is a free lock, with nobody
/// waiting; the owner calls ``destroy()`` in its `deinit`.
///
/// No wake-up is lost: a waiter reads the generation while it holds `lock`, and waits only
/// while the generation is still that one, reading it under the wait mutex. A broadcaster holds
/// `lock` (so it cannot run between the waiter's state check and its read of the generation)
/// and advances the generation under the wait mutex before it broadcasts, so a waiter that has
/// not yet started waiting sees the new generation and does not wait, and one that waits is
/// woken. A waiter initialises the pair, and says so in `isWaitable`, with `lock` held, before
/// it releases `lock` to wait; a broadcaster reads `isWaitable` holding `lock`, so it uses the
/// pair whenever anyone waits (and, with nobody ever waiting, only advances the generation).
///
/// A value type: copies refer to the same words. `@unchecked Sendable`: `lock` and the wait
/// mutex are the synchronisation; the generation is written with `lock` held (and the mutex,
/// once it is initialised), and read with either; `isWaitable` is written once and read with
/// `lock` held. Each field is reached through a pointer to it alone: an access through
/// `words.pointee` would be an access to all of `Words`, the lock word included, which other
/// threads change meanwhile.
struct ConditionLock: @unchecked Sendable {
    /// The lock, the generation and the wait mutex and condition, as their owner keeps them.
    struct Words {
        fileprivate var lock = keystone_lock()
        fileprivate var generation: UInt = 0
        fileprivate var isWaitable = false
        fileprivate var mutex = pthread_mutex_t()
        fileprivate var condition = pthread_cond_t()
    }

    private let words: UnsafeMutablePointer<Words>

    /// The lock whose words are at `words`.
    @inline(__always)
    init(_ words: UnsafeMutablePointer<Words>) {
        self.words = words
    }

    /// Destroys the mutex and the condition, if a wait initialised them. Nobody may hold the
    /// lock or wait.
    func destroy() {
        guard field(\.isWaitable).pointee else { return }
        pthread_cond_destroy(field(\.condition))
        pthread_mutex_destroy(field(\.mutex))
    }

    /// The field of `Words` at `path`, in place: the one way this type reaches a field.
    @inline(__always)
    private func field<Field>(_ path: WritableKeyPath<Words, Field>) -> UnsafeMutablePointer<Field> {
        words.pointer(to: path)!
    }

    /// The lock that guards what waiters wait for: `Words`' first field, at its start.
    var lock: WordLock {
        WordLock(word: UnsafeMutableRawPointer(words).assumingMemoryBound(to: keystone_lock.self))
    }

    /// Waits for a `broadcast`. The caller holds `lock`; it is released while waiting and
    /// held again on return. Callers re-check their condition in a loop (a broadcast wakes
    /// every waiter, whatever it waits for).
    func wait() {
        if !field(\.isWaitable).pointee {
            let mutexStatus = pthread_mutex_init(field(\.mutex), nil)
            precondition(mutexStatus == 0, "pthread_mutex_init failed with \(mutexStatus)")
            let conditionStatus = pthread_cond_init(field(\.condition), nil)
            precondition(conditionStatus == 0, "pthread_cond_init failed with \(conditionStatus)")
            field(\.isWaitable).pointee = true
        }
        let seen = field(\.generation).pointee
        lock.unlock()
        pthread_mutex_lock(field(\.mutex))
        while field(\.generation).pointee == seen {
            pthread_cond_wait(field(\.condition), field(\.mutex))
        }
        pthread_mutex_unlock(field(\.mutex))
        lock.lock()
    }

    /// Wakes every waiter. Called with `lock` held.
    func broadcast() {
        guard field(\.isWaitable).pointee else {
            // Nobody ever waited here: nobody to wake, and no mutex to take.
            field(\.generation).pointee &+= 1
            return
        }
        pthread_mutex_lock(field(\.mutex))
        field(\.generation).pointee &+= 1
        pthread_cond_broadcast(field(\.condition))
        pthread_mutex_unlock(field(\.mutex))
    }
}
