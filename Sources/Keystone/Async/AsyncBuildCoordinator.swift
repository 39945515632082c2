/// Turns what would be an endless await into a cycle error: the async counterpart of
/// ``BuildCoordinator``.
///
/// When the build of one shared instance awaits the build of another that is already in
/// flight, it records "X waits for Y". Before recording, it follows "Y waits for Z, which waits
/// for …": if that chain comes back to X, the two builds (started by two resolutions at once)
/// need each other and would await forever, so the waiter gets a cycle error instead.
///
/// One process-wide lock guards the record. It is taken only when a build awaits another one
/// in flight.
enum AsyncBuildCoordinator {
    private static let record = WaitRecord()

    /// Records that the build of `waiter` awaits the build of `target`, or throws a cycle
    /// error if `target`'s build, through the builds it awaits, awaits `waiter`.
    static func beginWaiting(_ waiter: AnyEntry, for target: AnyEntry, path: [AnyEntry]) throws(ResolutionError) {
        let deadlock: Bool = record.lock.withLock {
            var current: AnyEntry? = target
            var steps = 0
            while let entry = current, steps < 10_000 {
                if entry === waiter { return true }
                current = record.waits[ObjectIdentifier(entry)]
                steps += 1
            }
            record.waits[ObjectIdentifier(waiter)] = target
            return false
        }
        if deadlock {
            throw Failure.cycle(target, path: path.map(Failure.step), acrossThreads: true)
        }
    }

    /// Forgets what the build of `waiter` awaited.
    static func endWaiting(_ waiter: AnyEntry) {
        record.lock.withLock { _ = record.waits.removeValue(forKey: ObjectIdentifier(waiter)) }
    }
}

/// Which async build awaits which. `@unchecked Sendable`: `lock` guards `waits`.
private final class WaitRecord: @unchecked Sendable {
    let lock = Lock()
    /// For each async registration being built that awaits another build: the one it awaits.
    var waits: [ObjectIdentifier: AnyEntry] = [:]
}
