import Foundation
import Keystone
import KeystoneKOInject
import Testing

// Where KOInject would overflow the stack or crash in a force unwrap, the module traps with
// Keystone's full diagnostic: what failed, the path, and "To fix, …".

@Suite("KOIContainer diagnostics")
struct KOIDiagnosticsTests {
    @Test("A dependency cycle traps with the cycle's path, not a stack overflow")
    func cycle() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = KOIContainer()
            container.register(forType: CycleA.self) { resolver in CycleA(b: resolver.resolve()!) }
            container.register(forType: CycleB.self) { resolver in CycleB(a: resolver.resolve()!) }
            let _: CycleA? = container.resolve()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Dependency cycle"))
        #expect(message.contains("CycleA → CycleB → CycleA"))
        #expect(message.contains("Tests/KOIDiagnosticsTests.swift:"))  // the app's line, not the module's
        #expect(message.contains("To fix, "))
    }

    @Test("A Keystone factory that throws, reached through KOInject's API, traps with the diagnostic")
    func throwingFactory() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = KOIContainer()
            container.container.register(OtherService.self) { _ -> OtherService in throw Broken() }
            container.register(forType: Service.self) { resolver in Holder(dependency: resolver.resolve()!) }
            let _: Service? = container.resolve()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("OtherService"))
        #expect(message.contains("To fix, "))
    }

    @Test("Only a missing registration gives nil: a broken one behind it is not hidden")
    func missingIsNil() {
        let container = KOIContainer()
        let missing: CycleA? = container.resolve()
        #expect(missing == nil)
    }
}

final class CycleA {
    let b: CycleB

    init(b: CycleB) {
        self.b = b
    }
}

final class CycleB {
    let a: CycleA

    init(a: CycleA) {
        self.a = a
    }
}

struct Broken: Error {}
