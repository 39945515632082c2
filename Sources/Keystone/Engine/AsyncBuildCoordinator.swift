/// Turns what would be an endless await into a cycle error: the async counterpart of
/// ``BuildCoordinator``.
///
/// When a resolution that is building shared instances (the `.singleton`, `.cached` and
/// `.weak` registrations on its path) awaits the build of another shared instance already in
/// flight, each of those builds now waits for that one: it records "X waits for Y" for every
/// such X. A shared registration has at most one build in flight, so the record is keyed by
/// registration and no two builds overwrite each other's. Before recording, it follows "Y
/// waits for Z, which waits for …": if that chain reaches a build on its own path, the builds
/// need each other and would await forever, so the waiter gets a cycle error instead. Builds
/// of transient and graph registrations are never awaited by another resolution, so they need
/// no record: the shared build they run inside stands for them.
///
/// One process-wide lock guards the record. It is taken only when a build awaits another one
/// in flight.
enum AsyncBuildCoordinator {
    private static let record = WaitRecord()

    /// Records that the shared builds on `path` await the build of `target`, or throws a
    /// cycle error if `target`'s build, through the builds it awaits, awaits one of them.
    ///
    /// - Returns: The builds recorded as waiting, to pass to ``endWaiting(_:)``.
    static func beginWaiting(on path: [AnyEntry], for target: AnyEntry) throws(ResolutionError) -> [AnyEntry] {
        let waiters = path.filter(\.isShared)
        guard !waiters.isEmpty else { return [] }
        let deadlock: Bool = record.lock.withLock {
            var current: AnyEntry? = target
            var steps = 0
            while let entry = current, steps < 10_000 {
                if waiters.contains(where: { $0 === entry }) { return true }
                current = record.waits[ObjectIdentifier(entry)]
                steps += 1
            }
            for waiter in waiters { record.waits[ObjectIdentifier(waiter)] = target }
            return false
        }
        if deadlock {
            throw Failure.cycle(target, path: path.map(Failure.step), acrossThreads: true)
        }
        return waiters
    }

    /// Forgets what the builds of `waiters` awaited.
    static func endWaiting(_ waiters: [AnyEntry]) {
        guard !waiters.isEmpty else { return }
        record.lock.withLock {
            for waiter in waiters { record.waits.removeValue(forKey: ObjectIdentifier(waiter)) }
        }
    }
}

/// Which async build awaits which. `@unchecked Sendable`: `lock` guards `waits`.
private final class WaitRecord: @unchecked Sendable {
    let lock = Lock()
    /// For each shared async registration being built that awaits another build: the one it
    /// awaits.
    var waits: [ObjectIdentifier: AnyEntry] = [:]
}
