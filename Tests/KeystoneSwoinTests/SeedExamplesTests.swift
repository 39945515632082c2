import KeystoneSwoin
import Testing

// The code blocks of Swoin's README, as printed (only the import changed), each followed by
// checks of what its prose promises. The UIKit and RxSwift types it names are stand-ins at
// the bottom of the file. Every test starts the global Swoin over a container of its own.

@Suite("Swoin README examples")
struct SwoinSeedExamplesTests {
    /// "Add your dependencies to some modules".
    static func seedModules() -> (appModule: Module, thingModule: Module) {
        let appModule = Module {
            single { CustomNavigationController() }
                .bind(UINavigationController.self)

            weak(named: "TestSubject") { PublishSubject<Void>() }
                .bind(Observable<Void>.self) { $0.asObservable() }
                .bind(AnyObserver<Void>.self) { $0.asObserver() }

            weak { HomeViewModel(input: get(), output: get()) }
            weak { HomeViewController(viewModel: get(), view: get()) }
            weak { HomeView() }
        }

        let thingModule = Module {
            factory { Thing() }

            single { ThingFetcher(thing: get()) }
                .bind(IntFetcher.self)
                .bind(StringFetcher.self)
        }
        return (appModule, thingModule)
    }

    /// "Start the global Swoin instance".
    static func start(_ appModule: Module, _ thingModule: Module) {
        startSwoin {
            appModule
            thingModule
            logger(Swoin.printLogger)
        }
    }

    @Test("Modules declared and started: every dependency resolves")
    func modulesAndStart() {
        withIsolatedSwoin {
            let (appModule, thingModule) = Self.seedModules()
            Self.start(appModule, thingModule)
            #expect(Swoin.global != nil)

            let controller: HomeViewController = get()
            #expect(controller.viewModel.input is CustomNavigationController)
            let fetcher: ThingFetcher = get()
            #expect(controller.viewModel.output as AnyObject === fetcher)
        }
    }

    @Test("A single is created once; bound types share its instance")
    func singleAndBind() {
        withIsolatedSwoin {
            let (appModule, thingModule) = Self.seedModules()
            Self.start(appModule, thingModule)

            let fetcher: ThingFetcher = get()
            let intFetcher: IntFetcher = get()
            let stringFetcher: StringFetcher = get()
            #expect(intFetcher as AnyObject === fetcher)
            #expect(stringFetcher as AnyObject === fetcher)
            #expect(intFetcher.fetchInt() == 42 && stringFetcher.fetchString() == "42")

            let navigation: UINavigationController = get()
            #expect(navigation === (get() as CustomNavigationController))
        }
    }

    @Test("A factory is re-created any time it is resolved")
    func factoryScope() {
        withIsolatedSwoin {
            let (appModule, thingModule) = Self.seedModules()
            Self.start(appModule, thingModule)
            let first: Thing = get()
            let second: Thing = get()
            #expect(first !== second)
        }
    }

    @Test("A weak dependency is re-created if there are no other strong references")
    func weakScope() {
        withIsolatedSwoin {
            let (appModule, thingModule) = Self.seedModules()
            Self.start(appModule, thingModule)

            var view: HomeView? = get()
            #expect(view === (get() as HomeView))  // held elsewhere: the same instance
            weak let released = view
            view = nil
            #expect(released == nil)  // the container did not keep it alive
            let controller: HomeViewController = get()  // so a new one is made for it
            #expect(controller.view === (get() as HomeView))
        }
    }

    @Test("Named dependencies with converters: bound types share the name and the cache strategy")
    func namedAndConverted() {
        withIsolatedSwoin {
            let (appModule, thingModule) = Self.seedModules()
            Self.start(appModule, thingModule)

            // The README prints `let observer: PublishSubject = get(named: "TestSubject")`,
            // which no Swift compiler accepts: the generic argument of `PublishSubject`
            // cannot be inferred from `get`. Mended with `<Void>`, only that.
            let observer: PublishSubject<Void> = get(named: "TestSubject")

            let observable: Observable<Void> = get(named: "TestSubject")
            let anyObserver: AnyObserver<Void> = get(named: "TestSubject")
            // Converted from the same weak instance. (Compared outside `#expect`: Swift 6.3
            // crashes on `===` between `AnyObject` and a generic class inside the macro.)
            let sameObservable = observable.subject === observer
            let sameObserver = anyObserver.subject === observer
            #expect(sameObservable && sameObserver)
        }
    }

    @Test("Inject fields lazily, using @Inject; or eagerly, using get()")
    func injection() {
        withIsolatedSwoin {
            let (appModule, thingModule) = Self.seedModules()
            let tipsModule = Module {
                factory { TipsViewController() }
            }
            Self.start(appModule, thingModule)
            Swoin.global.load(tipsModule)

            let screen = InjectedScreen()
            #expect(screen.navigation === (get() as CustomNavigationController))
            screen.showTips()
            #expect(screen.navigation.pushed.count == 1)
            #expect(screen.navigation.pushed.first is TipsViewController)
            let sameSubject = screen.observable.subject === screen.subject
            #expect(sameSubject)
        }
    }

    @Test("Running code after initialization with .then")
    func then() {
        withIsolatedSwoin {
            let testModule = Self.circularModule()
            startSwoin { testModule }

            let one: CircularDependencyOne = get()
            #expect(one.dependencyTwo.dependencyOne === one)
            #expect((get() as CircularDependencyTwo) === one.dependencyTwo)

            // The README's two classes hold each other strongly: let them go, so that
            // LeakSanitizer sees no leak.
            one.dependencyTwo.dependencyOne = nil
        }
    }

    /// "Running code after initialization".
    static func circularModule() -> Module {
        let testModule = Module {
            single { CircularDependencyOne(get()) }
                .then {
                    $0.dependencyTwo.dependencyOne = $0
                }

            single { CircularDependencyTwo() }
        }
        return testModule
    }

    @Test("Binding additional types, as printed outside a module")
    func bindingBlock() {
        withIsolatedSwoin {
            // The "Binding additional types" block, listed in a module so that its value is used.
            let module = Module {
                weak(named: "TestSubject") { PublishSubject<Void>() }
                    .bind(Observable<Void>.self) { $0.asObservable() }
                    .bind(AnyObserver<Void>.self) { $0.asObserver() }
            }
            startSwoin { module }
            let subject: PublishSubject<Void> = get(named: "TestSubject")
            let observable: Observable<Void> = get(named: "TestSubject")
            let same = observable.subject === subject
            #expect(same)
        }
    }
}

/// A screen of the README's "Inject" section: its blocks as printed, in a class.
final class InjectedScreen {
    @Inject private var navigationController: CustomNavigationController

    @Inject(named: "TestSubject") private var testObservable: Observable<Void>

    /// Holds the subject, so that the weak dependency stays the same while the test runs.
    let subject: PublishSubject<Void> = get(named: "TestSubject")

    var navigation: CustomNavigationController { navigationController }
    var observable: Observable<Void> { testObservable }

    func showTips() {
        let rootViewController = navigationController

        let controller: TipsViewController = get()

        rootViewController.pushViewController(controller, animated: true)
    }
}

// MARK: - Stand-ins for the app's, UIKit's and RxSwift's types

class UIViewController {}

class UINavigationController: UIViewController {
    private(set) var pushed: [UIViewController] = []

    func pushViewController(_ controller: UIViewController, animated: Bool) {
        pushed.append(controller)
    }
}

final class CustomNavigationController: UINavigationController {}

final class TipsViewController: UIViewController {}

/// RxSwift's `Observable`: a class.
class Observable<Element> {
    let subject: AnyObject

    init(subject: AnyObject) {
        self.subject = subject
    }
}

/// RxSwift's `AnyObserver`: a struct, which a weak cache cannot hold.
struct AnyObserver<Element> {
    let subject: AnyObject
}

/// RxSwift's `PublishSubject`.
final class PublishSubject<Element> {
    func asObservable() -> Observable<Element> { Observable(subject: self) }
    func asObserver() -> AnyObserver<Element> { AnyObserver(subject: self) }
}

final class HomeViewModel {
    let input: UINavigationController
    let output: StringFetcher

    init(input: UINavigationController, output: StringFetcher) {
        self.input = input
        self.output = output
    }
}

final class HomeView {}

final class HomeViewController: UIViewController {
    let viewModel: HomeViewModel
    let view: HomeView

    init(viewModel: HomeViewModel, view: HomeView) {
        self.viewModel = viewModel
        self.view = view
    }
}

final class Thing {}

protocol IntFetcher {
    func fetchInt() -> Int
}

protocol StringFetcher {
    func fetchString() -> String
}

final class ThingFetcher: IntFetcher, StringFetcher {
    let thing: Thing

    init(thing: Thing) {
        self.thing = thing
    }

    func fetchInt() -> Int { 42 }
    func fetchString() -> String { "42" }
}

// "Running code after initialization"

private class CircularDependencyOne {
    let dependencyTwo: CircularDependencyTwo

    init(_ dependencyTwo: CircularDependencyTwo) {
        self.dependencyTwo = dependencyTwo
    }
}

private class CircularDependencyTwo {
    var dependencyOne: CircularDependencyOne?
}
