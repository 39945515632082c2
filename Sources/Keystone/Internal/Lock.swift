import CKeystoneThreadPrimitives

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A mutual-exclusion lock for container-wide state (a registry's writers, a container's
/// features and modules, the process-wide records of waits and escaped resolvers).
///
/// The one-word lock of `KeystoneThreadPrimitives.h` (`os_unfair_lock` on Apple platforms, a
/// futex lock elsewhere), tail-allocated in a `ManagedBuffer`, so that a lock is one allocation
/// with a stable address and needs no initialisation call; a container makes several, and a
/// request's child container is made per request. `Synchronization.Mutex` would be nicer but
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

/// The lock of one registration (a ``Slot``'s): one word inside the slot's allocation, which
/// also holds the slot's published instance, so that a registration makes one allocation for
/// both.
///
/// It is taken on every resolve that the lock-free read does not answer, so it is the
/// one-word lock of `KeystoneThreadPrimitives.h` (`os_unfair_lock` on Apple platforms, a futex
/// lock elsewhere), whose uncontended path is one atomic instruction each way, inlined here.
/// The header states its memory-ordering argument. It is never waited on with a condition
/// variable (``ConditionLock`` is for that).
///
/// A value type: copies refer to the same lock, a word that its owner allocated and
/// initialised (with `keystone_lock_init`) and frees once nobody holds or waits for it.
struct SlotLock: @unchecked Sendable {  // the lock word is the synchronisation
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

/// A lock with a condition variable, for the rare paths where a thread waits for another to
/// finish something: a shared build, a lazy cell, the first-use hook.
///
/// A `pthread_mutex_t` and a `pthread_cond_t`, tail-allocated together in one `ManagedBuffer`
/// (their addresses must not move). Lock it through ``lock``; ``wait()`` and ``broadcast()``
/// are called with it held.
///
/// A value type: copies refer to the same lock and condition. `@unchecked Sendable`: the mutex
/// is the synchronisation, and the condition is only used with it held (`ManagedBuffer`
/// itself is never `Sendable`).
struct ConditionLock: @unchecked Sendable {
    fileprivate struct Words {
        var mutex = pthread_mutex_t()
        var condition = pthread_cond_t()
    }

    fileprivate final class Storage: ManagedBuffer<Void, Words> {
        var mutex: UnsafeMutablePointer<pthread_mutex_t> {
            withUnsafeMutablePointerToElements {
                UnsafeMutableRawPointer($0).assumingMemoryBound(to: pthread_mutex_t.self)
            }
        }

        var condition: UnsafeMutablePointer<pthread_cond_t> {
            withUnsafeMutablePointerToElements {
                (UnsafeMutableRawPointer($0) + MemoryLayout<Words>.offset(of: \.condition)!)
                    .assumingMemoryBound(to: pthread_cond_t.self)
            }
        }

        deinit {
            pthread_cond_destroy(condition)
            pthread_mutex_destroy(mutex)
            _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: 1) }
        }
    }

    /// The mutex, locked and unlocked like a ``Lock``. `@unchecked Sendable` for the reason
    /// its ``ConditionLock`` is.
    struct Mutex: @unchecked Sendable {
        fileprivate let storage: Storage

        @inline(__always)
        func lock() {
            pthread_mutex_lock(storage.mutex)
        }

        @inline(__always)
        func unlock() {
            pthread_mutex_unlock(storage.mutex)
        }

        /// Runs `body` with the lock held.
        @inline(__always)
        func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
            lock()
            defer { unlock() }
            return try body()
        }
    }

    private let storage: Storage

    init() {
        let buffer = Storage.create(minimumCapacity: 1) { _ in }
        buffer.withUnsafeMutablePointerToElements { $0.initialize(to: Words()) }
        storage = unsafeDowncast(buffer, to: Storage.self)
        let mutexStatus = pthread_mutex_init(storage.mutex, nil)
        precondition(mutexStatus == 0, "pthread_mutex_init failed with \(mutexStatus)")
        let conditionStatus = pthread_cond_init(storage.condition, nil)
        precondition(conditionStatus == 0, "pthread_cond_init failed with \(conditionStatus)")
    }

    /// The mutex that guards what waiters wait for.
    var lock: Mutex { Mutex(storage: storage) }

    /// Waits for a `broadcast`. The caller holds `lock`; it is released while waiting and
    /// held again on return. Callers re-check their condition in a loop (spurious wake-ups).
    func wait() {
        pthread_cond_wait(storage.condition, storage.mutex)
    }

    /// Wakes every waiter. Called with `lock` held.
    func broadcast() {
        pthread_cond_broadcast(storage.condition)
    }
}
