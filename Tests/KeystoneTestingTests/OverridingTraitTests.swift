import Keystone
import KeystoneTesting
import Testing

/// A service the tests override; each test case gives it its own number.
final class Greeter: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

/// Reads the greeter the way app code does: through a property wrapper.
struct GreetingScreen {
    @Injected var greeter: Greeter
}

/// Registers a greeter with `number` in the container a test receives.
func greeter(_ number: Int) -> @Sendable (Container) throws -> Void {
    { $0.register(Greeter.self) { _ in Greeter(number: number) } }
}

@Suite("The overriding trait")
struct OverridingTraitTests {
    @Test(.overriding(greeter(1)))
    func propertyWrappersAndGetSeeTheOverride() throws {
        #expect(GreetingScreen().greeter.number == 1)
        let viaGet: Greeter = try get()
        #expect(viaGet.number == 1)
    }

    @Test(.overriding(greeter(2)))
    func anotherTestSeesItsOwn() async {
        await Task.yield()
        #expect(GreetingScreen().greeter.number == 2)
    }

    @Test("Without the trait, the shared container has no override")
    func nothingLeaksIntoTheSharedContainer() {
        #expect(Container.shared.resolveOptional(Greeter.self) == nil)
    }
}

/// Fifty cases in parallel, each registering its own number through the trait itself.
@Suite("The overriding trait, in parallel")
struct ParallelOverridingTraitTests {
    @Test(arguments: 1...50)
    func eachCaseRunsInItsOwnCopy(number: Int) async throws {
        let trait = OverridingTrait.overriding(greeter(number))
        try await trait.provideScope(for: Test.current!, testCase: Test.Case.current) {
            for _ in 0..<20 {
                await Task.yield()
                #expect(GreetingScreen().greeter.number == number)
            }
        }
        #expect(Container.shared.resolveOptional(Greeter.self) == nil)
    }
}

@Suite("The overriding trait on a suite", .overriding(greeter(7)))
struct SuiteOverridingTraitTests {
    @Test func testsOfTheSuiteSeeIt() {
        #expect(GreetingScreen().greeter.number == 7)
    }

    @Test(.overriding(greeter(8)))
    func aTestsOwnTraitComesOnTop() {
        #expect(GreetingScreen().greeter.number == 8)
    }
}
