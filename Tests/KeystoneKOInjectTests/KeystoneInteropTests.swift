import Foundation
import Keystone
import KeystoneKOInject
import Testing

// The Keystone container under a KOIContainer: reachable, shared by both APIs, verifiable.

@Suite("KOIContainer over a Keystone Container")
struct KeystoneInteropTests {
    @Test("A KOInject registration is a Keystone registration: one shared object for both APIs")
    func sameGraph() {
        let koi = KOIContainer()
        koi.register(forType: Service.self) { _ in Original() }
        let viaKOInject: Service? = koi.resolve()
        let viaKeystone: Service = koi.container.resolve()
        #expect(viaKOInject === viaKeystone)
    }

    @Test("Keystone registrations resolve through KOInject's API, in fabrics too")
    func keystoneRegistrations() {
        let koi = KOIContainer()
        koi.container.register(OtherService.self, scope: .singleton) { _ in Original() }
        koi.container.register(Service.self, scope: .transient) { (_, name: String) in Named(name: name) }
        koi.register(forType: Holder.self, scope: .separate) { resolver in
            Holder(dependency: resolver.resolve()!)
        }
        let other: OtherService? = koi.resolve()
        let named: Service? = koi.resolve(arg1: "from Keystone")
        let holder: Holder? = koi.resolve()
        #expect(other != nil)
        #expect((named as? Named)?.name == "from Keystone")
        #expect(holder?.dependency === other)
    }

    @Test("init(container:) registers in and resolves from the container given")
    func wrapsExisting() {
        let keystone = Container()
        let koi = KOIContainer(container: keystone)
        #expect(koi.container === keystone)
        koi.register(forType: Service.self) { _ in Original() }
        let viaKeystone: Service? = keystone.resolveOptional()
        let viaKOInject: Service? = koi.resolve()
        #expect(viaKeystone != nil)
        #expect(viaKeystone === viaKOInject)  // `.shared` is a singleton whatever the default scope
    }

    @Test("A child Keystone container sees its parent's registrations through KOInject's API")
    func child() {
        let parent = Container()
        parent.register(OtherService.self, scope: .singleton) { _ in Original() }
        let koi = KOIContainer(container: Container(parent: parent))
        let other: OtherService? = koi.resolve()
        let fromParent: OtherService = parent.resolve()
        #expect(other === fromParent)
    }

    @Test("verify() checks the graph that KOInject's API registered")
    func verify() {
        let koi = KOIContainer()
        koi.register(forType: OtherService.self) { _ in Original() }
        koi.register(forType: Service.self, scope: .separate) { resolver in
            Holder(dependency: resolver.resolve()!)
        }
        let report = koi.container.verify()
        #expect(report.isValid)
        #expect(report.registrationCount == 2)
    }

    @Test("verify() does not report an optional dependency that a fabric handles")
    func verifyOptional() {
        let koi = KOIContainer()
        koi.register(forType: Service.self) { resolver in
            let dependency: OtherService? = resolver.resolve()
            return Named(name: dependency == nil ? "without" : "with")
        }
        #expect(koi.container.verify().isValid)
    }

    @Test("dispose() ends the Keystone container and puts a new one in its place")
    func disposeReplaces() {
        let parent = Container()
        let koi = KOIContainer(container: Container(parent: parent))
        let before = koi.container
        koi.register(forType: Service.self) { _ in Original() }
        koi.dispose()
        #expect(before.isDisposed)
        #expect(koi.container !== before)
        #expect(koi.container.parent === parent)
        #expect(!koi.container.isDisposed)
    }

    @Test("A Keystone Disposable held as shared is disposed by dispose()")
    func disposesInstances() {
        let koi = KOIContainer()
        koi.register(forType: Closable.self) { _ in Closable() }
        let closable: Closable? = koi.resolve()
        #expect(closable?.closed == false)
        koi.dispose()
        #expect(closable?.closed == true)
    }
}

final class Closable: Disposable {
    private let lock = NSLock()
    private var isClosed = false

    var closed: Bool { lock.withLock { isClosed } }

    func dispose() {
        lock.withLock { isClosed = true }
    }
}
