/// The instances one resolution made that it shares: `.graph` instances, and instances whose
/// `then` hooks are running (which is how a hook closes a circular reference).
///
/// A resolution makes a handful of them, so a list searched from the newest is cheaper than a
/// hash table (no hashing, no buckets); past ``indexThreshold`` entries an index by entry
/// keeps a large graph linear.
///
/// Each record keeps its entry alive, so that the entry's address cannot be reused by another
/// entry (registered during this resolution) while the record is in use.
struct ResolutionInstances {
    private struct Record {
        let entry: AnyEntry
        let value: Any
    }

    private var records: [Record] = []
    /// Positions in `records` by entry, built once the list is long.
    private var index: [ObjectIdentifier: Int] = [:]
    private static let indexThreshold = 16

    var isEmpty: Bool {
        @inline(__always) get { records.isEmpty }
    }

    /// The value made for `entry` in this resolution, if any.
    func value(for entry: AnyEntry) -> Any? {
        if records.count > Self.indexThreshold {
            return index[ObjectIdentifier(entry)].map { records[$0].value }
        }
        var position = records.count
        while position > 0 {
            position -= 1
            if records[position].entry === entry { return records[position].value }
        }
        return nil
    }

    /// The value `made` holds, which is a `Service`: the value recorded for an
    /// `Entry<Service>`. When the payload's type is `Service` itself (always, unless the
    /// erasure to `Any` unwrapped an existential `Service`), opening the existential and
    /// reinterpreting the payload costs a fraction of an `as!` cast, which asks the runtime to
    /// search for a conversion; otherwise it is that cast.
    @inline(__always)
    static func unbox<Service>(_ made: Any, as type: Service.Type) -> Service {
        func open<Payload>(_ payload: Payload) -> Service {
            if Payload.self == Service.self { return unsafeBitCast(payload, to: Service.self) }
            return payload as! Service
        }
        return _openExistential(made, do: open)
    }

    /// Records `value` as made for `entry` (which has none yet).
    mutating func insert(_ value: Any, for entry: AnyEntry) {
        records.append(Record(entry: entry, value: value))
        if records.count > Self.indexThreshold {
            if index.isEmpty {
                for (position, record) in records.enumerated() { index[ObjectIdentifier(record.entry)] = position }
            } else {
                index[ObjectIdentifier(entry)] = records.count - 1
            }
        }
    }

    /// Forgets the value made for `entry` (its hook threw). A rare path: the index, if any,
    /// is rebuilt.
    mutating func remove(for entry: AnyEntry) {
        guard let position = records.lastIndex(where: { $0.entry === entry }) else { return }
        records.remove(at: position)
        guard !index.isEmpty else { return }
        index.removeAll()
        if records.count > Self.indexThreshold {
            for (position, record) in records.enumerated() { index[ObjectIdentifier(record.entry)] = position }
        }
    }

    /// Empties the list, keeping its storage for the next resolution on this thread.
    mutating func removeAll() {
        records.removeAll(keepingCapacity: true)
        if !index.isEmpty { index.removeAll() }
    }
}
