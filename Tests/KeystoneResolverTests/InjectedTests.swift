import KeystoneResolver
import Testing

import class Keystone.Container

/// The property wrappers resolve from `Resolver.root` (or the container they name): at
/// once (`@Injected`, `@OptionalInjected`) or on first read (`@LazyInjected`, and
/// `@WeakLazyInjected`, which then holds the service weakly).
@Suite("Resolver: property wrappers")
struct InjectedTests {
    /// Runs `body` with a `Resolver.main` of its own, holding the services the screens use.
    func withServices(_ body: () -> Void) {
        Container.withShared(Container()) {
            Resolver.main.register { WeakXYZService(nil) }
                .implements(ReturnsSomething.self)
                .scope(.shared)
            Resolver.main.register { XYZSessionService() }
            Resolver.main.register { XYZService(Resolver.main.optional()) }
            Resolver.main.register(name: "fred") { XYZNameService("fred") }
            Resolver.main.register(name: "barney") { XYZNameService("barney") }
            Resolver.main.register { (_, args) in
                XYZArgumentService(condition: args("condition"), string: args("string"))
            }
            Resolver.custom.register { XYZNameService("custom") }
            body()
        }
    }

    @Test("@Injected resolves when its object is made")
    func basicInjection() {
        withServices {
            let screen = BasicInjectedScreen()
            #expect(screen.service.session != nil)
        }
    }

    @Test("@Injected(name:) resolves the named registration")
    func namedInjection() {
        withServices {
            #expect(NamedInjectedScreen().service.name == "fred")
            #expect(NamedInjectedScreen2().service.name == "barney")
        }
    }

    @Test("@Injected(container:) resolves from the resolver it names")
    func containerInjection() {
        withServices {
            #expect(ContainerInjectedScreen().service.name == "custom")
        }
    }

    @Test("@LazyInjected resolves on first read, once")
    func lazyInjection() {
        withServices {
            let screen = LazyInjectedScreen()
            #expect(screen.$service.isEmpty)
            #expect(screen.service.session != nil)
            #expect(!screen.$service.isEmpty)
            #expect(screen.service === screen.service)
        }
    }

    @Test("@LazyInjected passes the arguments set on its projected value")
    func lazyInjectionArguments() {
        withServices {
            let screen = LazyInjectedArgumentsScreen()
            #expect(screen.$service.isEmpty)
            #expect(screen.service.condition == true)
            #expect(screen.service.string == "betty")
        }
    }

    @Test("release() on the projected value drops the instance; the next read resolves again")
    func lazyRelease() {
        withServices {
            let screen = LazyInjectedScreen()
            let first = screen.service
            screen.$service.release()
            #expect(screen.$service.isEmpty)
            #expect(screen.service !== first)
        }
    }

    @Test("@WeakLazyInjected holds the service only while someone else does")
    func weakLazyInjection() {
        withServices {
            var parent: WeakLazyInjectedParentScreen? = WeakLazyInjectedParentScreen()
            #expect(parent?.strongService != nil)
            let child = WeakLazyInjectedChildScreen()
            #expect(child.$weakService.isEmpty)
            #expect(child.weakService?.returnSomething() == true)
            #expect(child.weakService === parent?.strongService)  // the shared instance
            #expect(!child.$weakService.isEmpty)
            parent = nil
            #expect(child.$weakService.isEmpty)
            #expect(child.weakService == nil)
        }
    }

    @Test("@WeakLazyInjected resolves a protocol, and release() lets it resolve again")
    func weakLazyProtocolAndRelease() {
        withServices {
            let parent = WeakLazyInjectedParentScreen()
            let child = WeakLazyInjectedProtocolScreen()
            #expect(child.service?.returnSomething() == true)
            #expect(child.service === parent.strongService)
            child.$service.release()
            #expect(child.$service.isEmpty)
            #expect(child.service === parent.strongService)
        }
    }

    @Test("@OptionalInjected is nil when the service is not registered")
    func optionalInjection() {
        withServices {
            let screen = OptionalInjectedScreen()
            #expect(screen.service != nil)
            #expect(screen.notRegistered == nil)
            screen.service = nil
            #expect(screen.service == nil)
        }
    }

    @Test("Resolving gives the root resolver to a type that adopts it")
    func resolving() {
        withServices {
            let screen = ResolvingScreen()
            // Root, or a mock over main that a test of the process-wide settings sets for a
            // moment: either finds main's registrations.
            #expect(screen.resolver.resolve(XYZNameService.self, name: "fred").name == "fred")
        }
    }

    @Test("The lazy wrappers' name and container can be set before first use")
    func lazyNameAndContainer() {
        withServices {
            let screen = LazyNamedScreen()
            #expect(screen.fred.name == "fred")
            #expect(screen.custom.name == "custom")
            screen.$barney.name = "barney"
            #expect(screen.barney.name == "barney")
        }
    }
}

extension Resolver {
    static let custom = Resolver()
}

protocol ReturnsSomething: AnyObject {
    func returnSomething() -> Bool
}

final class WeakXYZService: XYZService, ReturnsSomething {
    func returnSomething() -> Bool { true }
}

final class NotRegistered {}

final class BasicInjectedScreen {
    @Injected var service: XYZService
}

final class NamedInjectedScreen {
    @Injected(name: "fred") var service: XYZNameService
}

final class NamedInjectedScreen2 {
    @Injected(name: "barney") var service: XYZNameService
}

final class ContainerInjectedScreen {
    @Injected(container: .custom) var service: XYZNameService
}

final class LazyInjectedScreen {
    @LazyInjected var service: XYZService
}

final class LazyInjectedArgumentsScreen {
    @LazyInjected var service: XYZArgumentService
    init() {
        $service.args = ["condition": true, "string": "betty"]
    }
}

final class LazyNamedScreen {
    @LazyInjected(name: "fred") var fred: XYZNameService
    @LazyInjected(container: .custom) var custom: XYZNameService
    @LazyInjected var barney: XYZNameService
}

final class WeakLazyInjectedParentScreen {
    @Injected var strongService: WeakXYZService
}

final class WeakLazyInjectedChildScreen {
    @WeakLazyInjected var weakService: WeakXYZService?
}

final class WeakLazyInjectedProtocolScreen {
    @WeakLazyInjected var service: ReturnsSomething?
}

final class OptionalInjectedScreen {
    @OptionalInjected var service: XYZService?
    @OptionalInjected var notRegistered: NotRegistered?
}

final class ResolvingScreen: Resolving {}
