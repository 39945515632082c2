import CKeystoneThreadPrimitives

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A mutual-exclusion lock over a heap-allocated `pthread_mutex_t`.
///
/// The lock of container-wide state, and the one a ``ConditionLock`` waits with; each
/// registration's own state has the one-word ``SlotLock``. `Synchronization.Mutex` would be
/// nicer but needs iOS 18 / macOS 15, and `NSLock` would pull Foundation into the core. The
/// mutex lives in its own allocation so that its address never moves, which pthreads requires.
///
/// `@unchecked Sendable`: the wrapped mutex is the synchronisation; the pointer itself is
/// immutable after `init`.
final class Lock: @unchecked Sendable {
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inline(__always)
    func lock() {
        pthread_mutex_lock(mutex)
    }

    @inline(__always)
    func unlock() {
        pthread_mutex_unlock(mutex)
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
/// A value type: copies refer to the same lock. The owner frees it with
/// ``deallocate(withWordsBefore:)``.
struct SlotLock: @unchecked Sendable {  // the lock word is the synchronisation
    let word: UnsafeMutablePointer<keystone_lock>

    /// Allocates `words` pointer-sized words followed by a free lock, in one block.
    static func allocate(withWordsBefore words: Int) -> (words: UnsafeMutableRawPointer, lock: SlotLock) {
        let offset = Self.offset(words: words)
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: offset + MemoryLayout<keystone_lock>.stride,
            alignment: max(MemoryLayout<keystone_lock>.alignment, MemoryLayout<UnsafeRawPointer>.alignment)
        )
        let word = (raw + offset).bindMemory(to: keystone_lock.self, capacity: 1)
        word.initialize(to: keystone_lock())
        keystone_lock_init(word)
        return (raw, SlotLock(word: word))
    }

    /// Frees the block the lock was allocated in. Nobody may hold or wait for the lock.
    func deallocate(withWordsBefore words: Int) {
        word.deinitialize(count: 1)
        (UnsafeMutableRawPointer(word) - Self.offset(words: words)).deallocate()
    }

    private static func offset(words: Int) -> Int {
        let bytes = words * MemoryLayout<UnsafeRawPointer>.stride
        let alignment = MemoryLayout<keystone_lock>.alignment
        return (bytes + alignment - 1) / alignment * alignment
    }

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

/// A lock with a condition variable, for the rare path where a resolution waits for another
/// thread to finish building a shared instance.
///
/// `@unchecked Sendable`: the condition is only used with `lock`'s mutex held.
final class ConditionLock: @unchecked Sendable {
    let lock = Lock()
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        let status = pthread_cond_init(condition, nil)
        precondition(status == 0, "pthread_cond_init failed with \(status)")
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
    }

    /// Waits for a `broadcast`. The caller holds `lock`; it is released while waiting and
    /// held again on return. Callers re-check their condition in a loop (spurious wake-ups).
    func wait() {
        pthread_cond_wait(condition, lock.mutex)
    }

    /// Wakes every waiter. Called with `lock` held.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
