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
