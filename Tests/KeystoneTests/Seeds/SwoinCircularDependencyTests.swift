import Keystone
import Testing

/// The Swoin README's circular-dependency example (seeds/003): `single { … }.then { … }`
/// becomes a `.singleton` registration with a `.then` hook that completes the cycle.
@Suite("Swoin circular dependency example")
struct SwoinCircularDependencyTests {
    private func registerModule(in container: Container) {
        container.register(scope: .singleton) { r in try CircularDependencyOne(r.resolve()) }
            .then { _, one in one.dependencyTwo.dependencyOne = one }
        container.register(scope: .singleton) { _ in CircularDependencyTwo() }
    }

    @Test func resolvingOneLinksTwoBackToOne() throws {
        let container = Container()
        registerModule(in: container)

        let one: CircularDependencyOne = container.resolve()

        let back = try #require(one.dependencyTwo.dependencyOne)
        #expect(back === one)
    }

    @Test func bothSingletonsAreTheLinkedInstances() {
        let container = Container()
        registerModule(in: container)

        let one: CircularDependencyOne = container.resolve()
        let two: CircularDependencyTwo = container.resolve()

        #expect(one.dependencyTwo === two)
        #expect(two.dependencyOne === one)
        #expect(container.resolve(CircularDependencyOne.self) === one)
    }

    @Test func resolvingTwoFirstThenOneStillLinksThem() {
        let container = Container()
        registerModule(in: container)

        let two: CircularDependencyTwo = container.resolve()
        #expect(two.dependencyOne == nil)  // nothing has built One yet

        let one: CircularDependencyOne = container.resolve()

        #expect(one.dependencyTwo === two)
        #expect(two.dependencyOne === one)
    }

    @Test func registrationOrderDoesNotMatter() {
        let container = Container()
        container.register(scope: .singleton) { _ in CircularDependencyTwo() }
        container.register(scope: .singleton) { r in try CircularDependencyOne(r.resolve()) }
            .then { _, one in one.dependencyTwo.dependencyOne = one }

        let one: CircularDependencyOne = container.resolve()

        #expect(one.dependencyTwo.dependencyOne === one)
    }
}

extension SwoinCircularDependencyTests {
    fileprivate final class CircularDependencyOne {
        let dependencyTwo: CircularDependencyTwo

        init(_ dependencyTwo: CircularDependencyTwo) {
            self.dependencyTwo = dependencyTwo
        }
    }

    fileprivate final class CircularDependencyTwo {
        var dependencyOne: CircularDependencyOne?
    }
}
