import Foundation
import Testing

@testable import Keystone

/// A trapping resolve, and a property wrapper that traps, name the line of the app that asked
/// (the call, or the property's declaration), not a line inside Keystone.
@Suite("Traps at the caller's line")
struct TrapLocationTests {
    final class Unregistered {}
    final class Needy { init(unregistered: Unregistered) {} }
    final class EagerScreen {
        @Injected var missing: Unregistered
    }
    static let eagerLine = #line - 2
    final class LazyScreen {
        @LazyInjected var missing: Unregistered
    }
    static let lazyLine = #line - 2
    final class WeakScreen {
        @WeakLazyInjected var missing: Unregistered?
    }
    static let weakLine = #line - 2

    /// The trap message, as the process printed it.
    private static func trap(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    private static func site(_ line: Int) -> String {
        "KeystoneTests/TrapLocationTests.swift:\(line): Fatal error: Keystone: No registration for `Unregistered`"
    }

    // The calls, each on a line of its own: inside an exit test's closure, `#line` is the
    // line of the `#expect` that runs it.
    static func resolveUnregistered() {
        let _: Unregistered = Container().resolve()
    }
    static let resolveLine = #line - 2
    static func resolveBrokenOptional(_ container: Container) {
        let _: Needy? = container.resolveOptional()
    }
    static let optionalLine = #line - 2
    static func resolveBrokenCollection(_ container: Container) {
        _ = container.resolveAll(Needy.self)
    }
    static let allLine = #line - 2

    @Test("resolve, resolveOptional and resolveAll name the call")
    func containerCalls() async {
        let resolve = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Self.resolveUnregistered()
        }
        #expect(Self.trap(resolve).contains(Self.site(Self.resolveLine)), "\(Self.trap(resolve))")

        let optional = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.register { r in try Needy(unregistered: r.resolve()) }
            Self.resolveBrokenOptional(container)
        }
        #expect(Self.trap(optional).contains("TrapLocationTests.swift:\(Self.optionalLine): Fatal error: Keystone:"))

        let all = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.contribute { r in try Needy(unregistered: r.resolve()) }
            Self.resolveBrokenCollection(container)
        }
        #expect(Self.trap(all).contains("TrapLocationTests.swift:\(Self.allLine): Fatal error: Keystone:"))
    }

    @Test("@Injected, @LazyInjected and @WeakLazyInjected name the property")
    func propertyWrappers() async {
        let eager = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container.withShared(Container()) { EagerScreen() }
        }
        #expect(Self.trap(eager).contains(Self.site(Self.eagerLine)), "\(Self.trap(eager))")
        let lazy = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container.withShared(Container()) { LazyScreen().missing }
        }
        #expect(Self.trap(lazy).contains(Self.site(Self.lazyLine)), "\(Self.trap(lazy))")
        let weak = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container.withShared(Container()) { WeakScreen().missing }
        }
        #expect(Self.trap(weak).contains(Self.site(Self.weakLine)), "\(Self.trap(weak))")
    }
}
