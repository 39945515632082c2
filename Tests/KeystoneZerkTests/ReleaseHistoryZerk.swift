import KeystoneZerk
import Testing

// Zerk's public API from 1.0.0 to 1.0.5: 1.0.2 stores one dependency as several types with
// the types first (`singleton(ProtocolA.self, ProtocolB.self) { … }`) in place of 1.0.0's
// `as:` (both compile here); 1.0.3 renamed `store()` to `autoStore()` (SeedAutoStoringZerk);
// 1.0.4 keyed dependencies by their type's name, 1.0.5 restores `D?` as the stored `D`.

protocol HistoryReading: AnyObject {
    var owner: String { get }
}

protocol HistoryWriting: AnyObject {
    var owner: String { get }
}

final class HistoryJournal: HistoryReading, HistoryWriting, Sendable {
    let owner: String
    init(owner: String) { self.owner = owner }
}

/// Two types that print the same name, `Engine`.
enum HistoryFirst {
    final class Engine: Sendable {}
}

enum HistorySecond {
    final class Engine: Sendable {}
}

@Suite("Zerk's releases, 1.0.0 to 1.0.5")
struct ZerkReleaseHistoryTests {
    @Test("1.0.2: singleton(types…) with a builder of storage and arguments")
    func singletonTypesFirst() {
        let storage = Zerk.newStorage()
        storage.singleton(HistoryReading.self, HistoryWriting.self) { _, arguments in
            HistoryJournal(owner: arguments.owner)
        }
        let reading: HistoryReading = storage.restore(with: .arguments(owner: "Ada"))
        let writing: HistoryWriting = storage.restore()
        #expect(reading.owner == "Ada")
        #expect(reading === writing)
        #expect(storage.restore(HistoryWriting.self).lifeTime == .singleton)
        #expect(storage.container.resolveOptional(HistoryJournal.self) == nil)  // stored as the types only
    }

    @Test("1.0.2: scoped(types…) with a builder of the storage")
    func scopedTypesFirst() {
        let storage = Zerk.newStorage()
        storage
            .singleton(HistoryFirst.Engine())
            .scoped(HistoryReading.self, HistoryWriting.self) { storage in
                let engine: HistoryFirst.Engine = storage.restore()
                return HistoryJournal(owner: "\(type(of: engine))")
            }
        let first: HistoryReading = storage.restore()
        let second: HistoryReading = storage.restore()
        #expect(first.owner == "Engine")
        #expect(first !== second)  // one per restore
        #expect(storage.restore(HistoryReading.self).lifeTime == .scoped)
    }

    @Test("1.0.2: transient(types…, builder:) with an instance")
    func transientTypesFirst() {
        let storage = Zerk.newStorage()
        storage.transient(HistoryReading.self, HistoryWriting.self, builder: HistoryJournal(owner: "made"))
        let first: HistoryWriting = storage.restore()
        let second: HistoryWriting = storage.restore()
        #expect(first.owner == "made")
        #expect(first !== second)
        #expect(storage.restore(HistoryReading.self).lifeTime == .transient)
    }

    @Test("1.0.2 stores with the types first what 1.0.0's as: stored; the later one replaces")
    func typesFirstReplacesAs() {
        let storage = Zerk.newStorage()
        storage
            .singleton({ _, _ in HistoryJournal(owner: "as:") }, as: HistoryReading.self, HistoryWriting.self)
            .singleton(HistoryReading.self, HistoryWriting.self) { _ in HistoryJournal(owner: "types first") }
        let reading: HistoryReading = storage.restore()
        #expect(reading.owner == "types first")
        #expect(reading === storage.restore() as HistoryWriting)
    }

    @Test("1.0.4 keys by a type's name; Keystone keeps two types of one name apart")
    func sameNameTypesStayApart() {
        let storage = Zerk.newStorage()
        let first = HistoryFirst.Engine()
        let second = HistorySecond.Engine()
        storage.singleton(first).singleton(second)
        #expect(storage.restore() as HistoryFirst.Engine === first)
        #expect(storage.restore() as HistorySecond.Engine === second)
    }

    @Test("1.0.5: restoring D? restores the stored D")
    func optionalRestore() {
        let storage = Zerk.newStorage()
        storage.singleton(HistoryJournal(owner: "kept") as HistoryReading)
        let restored: HistoryReading? = storage.restore()
        #expect(restored?.owner == "kept")
        #expect(storage.restore((HistoryReading?).self).lifeTime == .singleton)
    }
}
