// swift-format-ignore-file
// Only in the Swift 5 target, not linked into the Swift 6 one: a process may declare
// `extension Zerk: AutoStoring` once, and its hook runs once per process, so it is declared
// and tested here only. Zerk's unmarked spelling: inside this package it draws no warning (and
// `@retroactive` would be an error); the Swift 6 spelling that an app's module needs,
// `@retroactive`, is built by .ci/consumer-check from .ci/compat-app.
//
// The "Where to Store Dependencies" blocks of Zerk's README (../shared/seeds/004), as
// printed, with stand-ins for UIKit's types. Mended: the README's `...` placeholders become
// a stored dependency or a comment, `application(_:didFinishLaunchingWithOptions:)` gains
// the `return true` its `...` stood for, and `func store()` gains `public` (a requirement of
// a public protocol can only be met by a public method, so no Zerk could compile it without).

import KeystoneTesting
import KeystoneZerk
import Testing

// MARK: - Storing in AppDelegate

class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplicationLaunchOptionsKey : Any]? = nil) -> Bool {
        // Mended: `...` (the rest of the app's start-up).
        
        Zerk.store
            .transient(LaunchTransientClass() as LaunchTransientProtocol)
            .singleton { LaunchSingletonClass() as LaunchSingletonProtocol }
            // Mended: `...` (more dependencies).
            
        // Mended: `...` (the rest of the app's start-up).
        return true
    }
}

// MARK: - AutoStoring, as the README spells it

extension Zerk: AutoStoring {

    public func store() {
    
        Zerk.store
            .transient(AutoStoredTransientClass() as AutoStoredTransientProtocol)
            .singleton { AutoStoredSingletonClass() as AutoStoredSingletonProtocol }
        AutoStoringCalls.store.next()
    }
}

// MARK: - AutoStoring, as Zerk 1.0.5 spells it

extension Zerk {
    public static func autoStore() {
        Zerk.store.singleton(AutoStoredByAutoStoreClass() as AutoStoredByAutoStoreProtocol)
    }
}

@Suite("Zerk README: where to store dependencies")
struct ZerkSeedWhereToStoreTests {
    @Test("Storing in AppDelegate before the first restore", .overriding { _ in })
    func appDelegate() {
        let delegate = AppDelegate()
        #expect(delegate.application(UIApplication(), didFinishLaunchingWithOptions: nil))
        let transient0: LaunchTransientProtocol = Zerk.standardStorage.restore()
        let transient1: LaunchTransientProtocol = Zerk.standardStorage.restore()
        #expect(transient0 !== transient1)
        let singleton0: LaunchSingletonProtocol = Zerk.standardStorage.restore()
        let singleton1: LaunchSingletonProtocol = Zerk.standardStorage.restore()
        #expect(singleton0 === singleton1)
    }

    /// Any restore in the process (this test's, or one in a test running meanwhile) runs the
    /// hook first, once; it stores in the process-wide container, which this test reads, so
    /// it binds no container of its own.
    @Test("The AutoStoring hook runs once, at the first restore, in both spellings")
    func autoStoring() async {
        let transient: AutoStoredTransientProtocol = Zerk.standardStorage.restore()
        #expect(transient is AutoStoredTransientClass)
        let singleton: AutoStoredSingletonProtocol = Zerk.standardStorage.restore()
        let byAutoStore: AutoStoredByAutoStoreProtocol = Zerk.standardStorage.restore()
        #expect(byAutoStore is AutoStoredByAutoStoreClass)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    // A second run of either spelling would store its singleton again, and the
                    // next restore would make a new one.
                    let again: AutoStoredSingletonProtocol = Zerk.standardStorage.restore()
                    #expect(again === singleton)
                    let againByAutoStore: AutoStoredByAutoStoreProtocol = Zerk.standardStorage.restore()
                    #expect(againByAutoStore === byAutoStore)
                }
            }
        }
        #expect(AutoStoringCalls.store.value == 1)
    }
}

/// How many times the README's spelling of the hook ran.
enum AutoStoringCalls {
    static let store = Counter()
}

// Stand-ins for UIKit's types.
class UIResponder {}
protocol UIApplicationDelegate {}
final class UIWindow {}
final class UIApplication {}
struct UIApplicationLaunchOptionsKey: Hashable {}

protocol LaunchTransientProtocol: AnyObject {}
final class LaunchTransientClass: LaunchTransientProtocol {}
protocol LaunchSingletonProtocol: AnyObject {}
final class LaunchSingletonClass: LaunchSingletonProtocol {}
protocol AutoStoredTransientProtocol: AnyObject {}
final class AutoStoredTransientClass: AutoStoredTransientProtocol {}
protocol AutoStoredSingletonProtocol: AnyObject {}
final class AutoStoredSingletonClass: AutoStoredSingletonProtocol {}
protocol AutoStoredByAutoStoreProtocol: AnyObject {}
final class AutoStoredByAutoStoreClass: AutoStoredByAutoStoreProtocol {}
