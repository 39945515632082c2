import KeystoneTesting
import KeystoneZerk
import Testing

// Zerk 1.0.x's own suite (Tests/ZerkTests: one test that stores every kind of dependency in
// the standard storage and reads them through an owner's property wrappers, and one that
// uses a storage of its own), re-expressed: one suite per behaviour it pins down. Each test
// gets its own copy of `Container.shared`, the standard storage, from `.overriding`.

/// Stores what the owner below injects, as Zerk's suite does.
private func storeEverything() {
    Zerk.store
        .transient(ShortLived() as ShortLivedProtocol)
        .scoped(PerOwner() as PerOwnerProtocol)
        .singleton(Shared() as SharedProtocol)
        .singleton(Flags() as FlagsProtocol)
        .singleton {
            FlagsReader(flags: $0) as FlagsReaderProtocol
        }
        .singleton { _, arguments in
            Configured(flag: arguments.flag, text: arguments.text, number: arguments.number) as ConfiguredProtocol
        }
        .singleton({ _, _ in TwoFaced() }, as: LeftFace.self, RightFace.self)
}

/// The owner whose wrappers read everything `storeEverything` stores.
private final class Owner {
    @Injected var shortLived: ShortLivedProtocol
    @Injected var perOwner: PerOwnerProtocol
    @Injected var shared: SharedProtocol
    @Injected var flags: FlagsProtocol
    @Injected var reader: FlagsReaderProtocol
    @Injected(with: .arguments(flag: true, text: "text", number: 1)) var configured: ConfiguredProtocol
    @Injected var left: LeftFace
    @Injected var right: RightFace
    @InjectedProperty(\FlagsProtocol.readOnly) var readOnly: Bool?
    @InjectedMutableProperty(\FlagsProtocol.readWrite) var readWrite: Bool?
    @InjectedUnwrappedProperty(\FlagsProtocol.readOnly) var unwrappedReadOnly: Bool
    @InjectedUnwrappedMutableProperty(\FlagsProtocol.readWrite) var unwrappedReadWrite: Bool
    @InjectedMethod(FlagsProtocol.both) var both: () -> Bool
    @InjectedMethod(FlagsProtocol.either) var either: (Int, Bool) -> Bool
}

@Suite("Zerk life times, through property wrappers", .overriding { _ in })
struct ZerkLifeTimeTests {
    @Test("A transient dependency is made anew at every read")
    func transient() {
        storeEverything()
        let owner = Owner()
        #expect(owner.shortLived !== owner.shortLived)
    }

    @Test("A scoped dependency is one per wrapper: the same for its owner, another for another owner")
    func scoped() {
        storeEverything()
        let owner = Owner()
        #expect(owner.perOwner === owner.perOwner)
        #expect(owner.perOwner !== Owner().perOwner)
    }

    @Test("A singleton is the same for every owner")
    func singleton() {
        storeEverything()
        let owner = Owner()
        #expect(owner.shared === owner.shared)
        #expect(owner.shared === Owner().shared)
    }

    @Test("The Dependency wrapper reports the life time it was stored with")
    func lifeTimes() {
        storeEverything()
        #expect(Zerk.standardStorage.restore(ShortLivedProtocol.self).lifeTime == .transient)
        #expect(Zerk.standardStorage.restore(PerOwnerProtocol.self).lifeTime == .scoped)
        #expect(Zerk.standardStorage.restore(SharedProtocol.self).lifeTime == .singleton)
        #expect(Zerk.standardStorage.restore(LeftFace.self).lifeTime == .singleton)
    }
}

@Suite("Zerk dependent dependencies", .overriding { _ in })
struct ZerkDependentTests {
    @Test("A closure's parameters are restored for it: the reader gets the stored singleton")
    func parametersAreRestored() {
        storeEverything()
        let owner = Owner()
        #expect(owner.reader.flags === owner.flags)
    }

    @Test("A closure of ten parameters gets each restored")
    func tenParameters() {
        Zerk.store
            .transient(ShortLived() as ShortLivedProtocol)
            .singleton(Shared() as SharedProtocol)
            .transient {
                (
                    a: ShortLivedProtocol, b: SharedProtocol, c: ShortLivedProtocol, d: SharedProtocol,
                    e: ShortLivedProtocol, f: SharedProtocol, g: ShortLivedProtocol, h: SharedProtocol,
                    i: ShortLivedProtocol, j: SharedProtocol
                ) in
                Bundle10(parts: [a, b, c, d, e, f, g, h, i, j])
            }
        let bundle: Bundle10 = Zerk.standardStorage.restore()
        #expect(bundle.parts.count == 10)
        // (Compared by identifier: `===` on `AnyObject` elements inside `#expect` crashes the
        // Swift 6.3 compiler in the Swift 6 mode.)
        #expect(ObjectIdentifier(bundle.parts[0]) != ObjectIdentifier(bundle.parts[2]))
        #expect(ObjectIdentifier(bundle.parts[1]) == ObjectIdentifier(bundle.parts[3]))
    }

    @Test("A scoped dependency is shared by everything that one restore makes")
    func scopedWithinOneRestore() {
        Zerk.store
            .scoped(PerOwner() as PerOwnerProtocol)
            .transient { (first: PerOwnerProtocol, second: PerOwnerProtocol) in Pair(first: first, second: second) }
        let pair: Pair = Zerk.standardStorage.restore()
        #expect(pair.first === pair.second)
        let other: Pair = Zerk.standardStorage.restore()
        #expect(other.first !== pair.first)
    }
}

@Suite("Zerk arguments", .overriding { _ in })
struct ZerkArgumentTests {
    @Test("@Injected(with:) makes the dependency with the arguments, read by name")
    func injectedWithArguments() {
        storeEverything()
        let owner = Owner()
        #expect(owner.configured.flag)
        #expect(owner.configured.text == "text")
        #expect(owner.configured.number == 1)
    }

    @Test("Unlabelled arguments are read by position")
    func positional() {
        Zerk.store.transient { _, arguments in
            Configured(flag: arguments[dynamicMember: "0"], text: arguments[dynamicMember: "1"], number: 0)
                as ConfiguredProtocol
        }
        let configured: ConfiguredProtocol = Zerk.standardStorage.restore(with: .arguments(false, "by position"))
        #expect(!configured.flag && configured.text == "by position")
    }

    @Test("A transient dependency is made with each restore's arguments")
    func transientTakesEachRestoresArguments() {
        Zerk.store.transient { _, arguments in
            Configured(flag: true, text: arguments.text, number: 0) as ConfiguredProtocol
        }
        let first: ConfiguredProtocol = Zerk.standardStorage.restore(with: .arguments(text: "first"))
        let second: ConfiguredProtocol = Zerk.standardStorage.restore(with: .arguments(text: "second"))
        #expect(first.text == "first" && second.text == "second")
    }

    @Test("Dependency.getInstance(with:) passes the arguments on")
    func getInstanceWithArguments() {
        Zerk.store.transient { _, arguments in
            Configured(flag: true, text: arguments.text, number: 0) as ConfiguredProtocol
        }
        let dependency = Zerk.standardStorage.restore(ConfiguredProtocol.self)
        let configured: ConfiguredProtocol = dependency.getInstance(with: .arguments(text: "got"))
        #expect(configured.text == "got")
    }
}

@Suite("Zerk multitype dependencies", .overriding { _ in })
struct ZerkMultitypeTests {
    @Test("A dependency stored as several types is restored as each, one instance for a singleton")
    func restoredAsEachType() {
        storeEverything()
        let owner = Owner()
        #expect(owner.left.left == "A")
        #expect(owner.right.right == "B")
        #expect(owner.left as AnyObject === owner.right as AnyObject)
    }

    @Test("A transient dependency stored as several types is made anew for each restore")
    func transientAliases() {
        Zerk.store.transient({ _, _ in TwoFaced() }, as: LeftFace.self, RightFace.self)
        let left: LeftFace = Zerk.standardStorage.restore()
        let right: RightFace = Zerk.standardStorage.restore()
        #expect(left is TwoFaced)
        #expect(left as AnyObject !== right as AnyObject)
    }
}

@Suite("Zerk key-path and method injection", .overriding { _ in })
struct ZerkKeyPathInjectionTests {
    @Test("Read-only and read-write properties, wrapped and unwrapped")
    func properties() {
        storeEverything()
        let owner = Owner()
        #expect(owner.readOnly == true)
        #expect(owner.unwrappedReadOnly)
        #expect(owner.readWrite == true)
        #expect(owner.unwrappedReadWrite)

        owner.readWrite = false
        #expect(!owner.unwrappedReadWrite)
        #expect(owner.flags.readWrite == false)

        owner.unwrappedReadWrite = true
        #expect(owner.readWrite == true)
    }

    @Test("Methods, with and without parameters")
    func methods() {
        storeEverything()
        let owner = Owner()
        #expect(owner.both())
        #expect(owner.either(1, true))
        #expect(!owner.either(0, false))
    }

    @Test("A value-type dependency written through a mutable wrapper keeps the write in the wrapper")
    func valueTypeWrites() {
        Zerk.store.transient(Tally(count: 1))
        final class Counting {
            @InjectedMutableProperty(\Tally.count) var count: Int
        }
        let counting = Counting()
        counting.count = 5
        #expect(counting.count == 5)
        let fresh: Tally = Zerk.standardStorage.restore()
        #expect(fresh.count == 1)
    }
}

@Suite("Zerk storages of one's own", .overriding { _ in })
struct ZerkCustomStorageTests {
    @Test("A new storage stores and restores on its own, apart from the standard storage")
    func newStorage() {
        let storage = Zerk.newStorage()
        storage.singleton(Flags() as FlagsProtocol)
        let flags: FlagsProtocol = storage.restore()
        #expect(flags.readOnly ?? false)
        #expect(flags === storage.restore() as FlagsProtocol)
    }

    @Test("Wrappers restore from the storage they are given")
    func wrappersFromAStorage() {
        final class Reader {
            static let storage = Zerk.newStorage()
            @InjectedProperty(\FlagsProtocol.readOnly, from: Reader.storage) var readOnly: Bool?
        }
        Reader.storage.singleton(Flags() as FlagsProtocol)
        #expect(Reader().readOnly == true)
    }
}

// The types the suites store, standing in for Zerk's test types.

protocol ShortLivedProtocol: AnyObject {}
final class ShortLived: ShortLivedProtocol {}
protocol PerOwnerProtocol: AnyObject {}
final class PerOwner: PerOwnerProtocol {}
protocol SharedProtocol: AnyObject {}
final class Shared: SharedProtocol {}

protocol FlagsProtocol: AnyObject {
    var readOnly: Bool? { get }
    var readWrite: Bool? { get set }
    func both() -> Bool
    func either(_ number: Int, _ flag: Bool) -> Bool
}
final class Flags: FlagsProtocol {
    let readOnly: Bool? = true
    var readWrite: Bool? = true
    func both() -> Bool { readOnly == true && readWrite == true }
    func either(_ number: Int, _ flag: Bool) -> Bool { number > 0 || flag }
}

protocol FlagsReaderProtocol: AnyObject {
    var flags: FlagsProtocol { get }
}
final class FlagsReader: FlagsReaderProtocol {
    let flags: FlagsProtocol
    init(flags: FlagsProtocol) { self.flags = flags }
}

protocol ConfiguredProtocol {
    var flag: Bool { get }
    var text: String { get }
    var number: Int { get }
}
struct Configured: ConfiguredProtocol {
    let flag: Bool
    let text: String
    let number: Int
}

protocol LeftFace {
    var left: String { get }
}
protocol RightFace {
    var right: String { get }
}
final class TwoFaced: LeftFace, RightFace {
    let left = "A"
    let right = "B"
}

final class Bundle10 {
    let parts: [AnyObject]
    init(parts: [AnyObject]) { self.parts = parts }
}

final class Pair {
    let first: PerOwnerProtocol
    let second: PerOwnerProtocol
    init(first: PerOwnerProtocol, second: PerOwnerProtocol) {
        self.first = first
        self.second = second
    }
}

struct Tally {
    var count: Int
}
