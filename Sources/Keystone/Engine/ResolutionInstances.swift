/// The instances one resolution made that it shares: `.graph` instances, and instances whose
/// `then` hooks are running (which is how a hook closes a circular reference).
///
/// A resolution makes a handful of them, so a list searched from the newest is cheaper than a
/// hash table (no hashing, no buckets); past ``indexThreshold`` entries an index by entry
/// keeps a large graph linear.
///
/// Each record keeps its entry alive, so that the entry's address cannot be reused by another
/// entry (registered during this resolution) while the record is in use.
///
/// The records are in storage of its own rather than an array: recording is a store and an
/// increment, emptying destroys the records in place, and neither goes through the array's
/// uniqueness check and unspecialised append (a third of the cost of a `.graph` instance).
/// Noncopyable, so that the storage has one owner, which frees it.
struct ResolutionInstances: ~Copyable {
    private struct Record {
        let entry: AnyEntry
        let value: Any
    }

    /// `count` records, initialised, at `records`, which has room for `capacity` (nil while
    /// nothing was ever recorded).
    private var records: UnsafeMutablePointer<Record>?
    private var count = 0
    private var capacity = 0
    /// Positions in `records` by entry, built once the list is long.
    private var index: [ObjectIdentifier: Int] = [:]
    private static let indexThreshold = 16

    init() {}

    deinit {
        guard let records else { return }
        records.deinitialize(count: count)
        records.deallocate()
    }

    var isEmpty: Bool {
        @inline(__always) get { count == 0 }
    }

    /// Where the value made for `entry` in this resolution is, if there is one: for
    /// ``value(at:as:)``.
    func position(of entry: AnyEntry) -> Int? {
        guard let records else { return nil }
        if count > Self.indexThreshold {
            return index[ObjectIdentifier(entry)]
        }
        var position = count
        while position > 0 {
            position -= 1
            if records[position].entry === entry { return position }
        }
        return nil
    }

    /// The value at `position` (from ``position(of:)`` of an `Entry<Service>`), which is a
    /// `Service`. When the payload's type is `Service` itself (always, unless the erasure to
    /// `Any` unwrapped an existential `Service`), opening the existential and reinterpreting
    /// the payload costs a fraction of an `as!` cast, which asks the runtime to search for a
    /// conversion; otherwise it is that cast. Opening it copies the record's `Any` first (about
    /// 50 instructions per reuse, callgrind); opening it in place, borrowed, cost more.
    @inline(__always)
    func value<Service>(at position: Int, as type: Service.Type) -> Service {
        func open<Payload>(_ payload: Payload) -> Service {
            if Payload.self == Service.self { return unsafeBitCast(payload, to: Service.self) }
            return payload as! Service
        }
        return _openExistential(records.unsafelyUnwrapped[position].value, do: open)
    }

    /// The value at `position` (from ``position(of:)``), as it was recorded: for an awaited
    /// resolution, whose branches cast it where they know its type.
    func value(at position: Int) -> Any {
        records![position].value
    }

    /// Records `value` as made for `entry` (which has none yet). Consumed: moved into the
    /// record, not copied.
    mutating func insert(_ value: consuming Any, for entry: AnyEntry) {
        if count == capacity { grow() }
        (records.unsafelyUnwrapped + count).initialize(to: Record(entry: entry, value: value))
        count += 1
        if count > Self.indexThreshold {
            if index.isEmpty {
                rebuildIndex()
            } else {
                index[ObjectIdentifier(entry)] = count - 1
            }
        }
    }

    @inline(never)
    private mutating func grow() {
        let larger = Swift.max(4, capacity * 2)
        let storage = UnsafeMutablePointer<Record>.allocate(capacity: larger)
        if let records {
            storage.moveInitialize(from: records, count: count)
            records.deallocate()
        }
        records = storage
        capacity = larger
    }

    private mutating func rebuildIndex() {
        index.removeAll()
        guard let records, count > Self.indexThreshold else { return }
        for position in 0..<count { index[ObjectIdentifier(records[position].entry)] = position }
    }

    /// Forgets the value made for `entry` (its hook threw). A rare path: the index, if any,
    /// is rebuilt.
    mutating func remove(for entry: AnyEntry) {
        guard let records, let position = position(of: entry) else { return }
        (records + position).deinitialize(count: 1)
        (records + position).moveInitialize(from: records + position + 1, count: count - position - 1)
        count -= 1
        if !index.isEmpty { rebuildIndex() }
    }

    /// Empties the list, keeping its storage for the next resolution on this thread.
    mutating func removeAll() {
        // One record at a time: `deinitialize(count:)` of a run whose length is not known at
        // compile time goes through the runtime's generic array destroy (about 80 instructions
        // for one record).
        if let records {
            for position in 0..<count { _ = (records + position).move() }
        }
        count = 0
        if !index.isEmpty { index.removeAll() }
    }
}
