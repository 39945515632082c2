import CKeystoneThreadPrimitives

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The calling thread's identity, compared to keep a resolution's state on the thread that
/// owns it.
@inline(__always)
func currentThread() -> pthread_t {
    pthread_self()
}

@inline(__always)
func isSameThread(_ a: pthread_t, _ b: pthread_t) -> Bool {
    pthread_equal(a, b) != 0
}

/// A per-thread slot holding the innermost resolution running on this thread.
///
/// A factory that calls `container.resolve` (instead of the `Resolver` it was given) starts
/// a new top-level resolution on the same thread; linking it to the one already running lets
/// Keystone report a cycle where it would otherwise wait for itself forever.
enum CurrentResolution {
    /// The context running on this thread, unretained: the context is kept alive by the
    /// stack frame that installed it, which also removes it before returning. A C
    /// thread-local word (see `KeystoneThreadPrimitives.h`), cheaper than `pthread_getspecific`.
    static var context: ResolutionContext? {
        @inline(__always)
        get {
            guard let raw = keystone_get_current_resolution() else { return nil }
            return Unmanaged<ResolutionContext>.fromOpaque(raw).takeUnretainedValue()
        }
    }

    /// Makes `context` the one running on this thread. Returns whether this ended the thread's
    /// outermost resolution after the epoch moved: the caller then tries to release retired
    /// registrations (``RetiredEntries/reclaim()``).
    @inline(__always)
    static func set(_ context: ResolutionContext?) -> Bool {
        keystone_set_current_resolution(context.map { Unmanaged.passUnretained($0).toOpaque() })
    }
}
