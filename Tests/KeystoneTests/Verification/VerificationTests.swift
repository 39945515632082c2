import Testing

@testable import Keystone

/// Services for verification tests: a request-scoped context and the caches that may hold it.
final class RequestContext: Sendable {}
final class ResponseCache: Sendable {
    init(context: RequestContext) {}
}
final class SessionToken: Sendable {}
final class AppCache: Sendable {
    init(helper: Helper) {}
}
final class Helper: Sendable {
    init(token: SessionToken) {}
}
final class Camera: Sendable {
    let real: Bool
    init(real: Bool) { self.real = real }
}
final class PhotoPicker: Sendable {
    init(camera: Camera) {}
}
struct Point: Sendable {}

@Suite("Verification")
struct VerificationTests {
    @Test("A missing dependency is reported once, with the path to it")
    func missingDependency() throws {
        let container = Container()
        container.register { r in try Root(session: r.resolve()) }
        container.register { r in try Session(client: r.resolve(APIClient.self, name: "mock")) }
        container.register(APIClient.self) { _ in LiveAPIClient() }
        let report = container.verify()
        #expect(!report.isValid)
        #expect(report.problems.count == 1)
        let problem = try #require(report.problems.first)
        #expect(problem.kind == .missingDependency)
        #expect(problem.path == ["Root", "Session", "APIClient(\"mock\")"])
        #expect(problem.message.contains("Registered instead: `APIClient`, no name"))
        #expect(report.description.contains("1. Missing dependency: Root → Session → APIClient(\"mock\")"))
        // The printed report says where the factory that asks is, as `registeredAt` does.
        #expect(problem.registeredAt?.contains("VerificationTests.swift:") == true)
        #expect(problem.description.hasSuffix("Asked for by the factory registered at \(problem.registeredAt ?? "")."))
    }

    @Test("A cycle is reported once with its path, however many registrations reach it")
    func cycle() throws {
        let container = Container()
        container.register { r in try CycleA(r.resolve()) }
        container.register { r in try CycleB(r.resolve()) }
        let report = container.verify()
        #expect(report.problems.map(\.kind) == [.cycle])
        #expect(report.problems.first?.path == ["CycleA", "CycleB", "CycleA"])
    }

    @Test(
        "A singleton holding a shorter-lived service is a captive dependency",
        arguments: [
            Scope.transient, .graph, .weak, .cached("request"),
        ])
    func captive(scope: Scope) throws {
        let container = Container()
        container.register(scope: scope) { _ in RequestContext() }
        container.register(scope: .singleton) { r in try ResponseCache(context: r.resolve()) }
        let report = container.verify()
        let problem = try #require(report.problems.first)
        #expect(report.problems.count == 1)
        #expect(problem.kind == .captiveDependency)
        #expect(problem.path == ["ResponseCache", "RequestContext"])
        #expect(problem.message.contains("`ResponseCache` (.singleton)"))
        #expect(problem.message.contains("`RequestContext` (\(scope))"))
    }

    @Test("A captive reached through a transient helper is reported with the whole path")
    func transitiveCaptive() throws {
        let container = Container()
        container.register(scope: .cached("session")) { _ in SessionToken() }
        container.register(scope: .transient) { r in try Helper(token: r.resolve()) }
        container.register(scope: .singleton) { r in try AppCache(helper: r.resolve()) }
        let paths = container.verify().problems.filter { $0.kind == .captiveDependency }.map(\.path)
        #expect(paths == [["AppCache", "Helper"], ["AppCache", "Helper", "SessionToken"]])
    }

    @Test("Longer-lived dependencies are not captive", arguments: [Scope.singleton, .cached("session")])
    func notCaptive(holder: Scope) {
        let container = Container()
        container.register(scope: .singleton) { _ in RequestContext() }
        container.register(scope: holder) { r in try ResponseCache(context: r.resolve()) }
        container.register(name: "per use", scope: .transient) { r in try ResponseCache(context: r.resolve()) }
            .bind(AnyObject.self)
        #expect(container.verify().isValid)
    }

    @Test("Every kind of problem is found in one report, not just the first")
    func everyProblem() throws {
        let container = Container()
        container.register { r in try CycleA(r.resolve()) }
        container.register { r in try CycleB(r.resolve()) }
        container.register { r in try Root(session: r.resolve()) }  // Session is missing
        container.register(scope: .singleton) { _ -> Plain in throw Broken() }
        container.register(scope: .weak) { _ in Point() }
        container.register { _ in LiveAPIClient() }.bind(Storage.self)
        let kinds = container.verify().problems.map(\.kind)
        #expect(kinds == [.cycle, .missingDependency, .factoryFailed, .weakValueType, .conversionFailed])
    }

    @Test("Registrations that take arguments are checked with samples, or listed as not checked")
    func arguments() throws {
        let container = Container()
        container.register(APIClient.self) { _ in LiveAPIClient() }
        container.register { (r, game: Game, page: Int) -> DiskStorage in try DiskStorage(client: r.resolve()) }
        container.register { (r, title: String) in try Root(session: r.resolve()) }

        let unsampled = container.verify()
        #expect(unsampled.isValid)
        #expect(unsampled.unchecked.count == 2)
        #expect(unsampled.unchecked[0].registration == "`DiskStorage` (arguments: (Game, Int))")
        #expect(unsampled.unchecked[0].reason.contains("VerificationSamples.add"))

        var samples = VerificationSamples()
        samples.add(DiskStorage.self, arguments: Game(title: "Go"), 1)
        samples.add(Root.self, arguments: "title")
        let sampled = container.verify(samples: samples)
        #expect(sampled.unchecked.isEmpty)
        #expect(sampled.problems.map(\.kind) == [.missingDependency])
        #expect(sampled.problems.first?.path == ["Root", "Session"])
    }

    @Test("A skipped registration is not built; what needs it is listed as not checked")
    func skip() throws {
        let builds = Counter()
        let container = Container()
        container.register(scope: .singleton) { _ in
            builds.increment()
            return Camera(real: true)
        }
        .skipVerification(because: "opens the camera")
        container.register { r in try PhotoPicker(camera: r.resolve()) }
        let report = container.verify()
        #expect(builds.value == 0)
        #expect(report.isValid)
        #expect(report.unchecked.map(\.registration) == ["`Camera`", "`PhotoPicker`"])
        #expect(report.unchecked[0].reason.hasPrefix("skipped (opens the camera)"))
        #expect(try container.tryResolve(Camera.self).real)
        #expect(builds.value == 1)
    }

    @Test("A stand-in is built instead of the factory; dependents are checked with it")
    func standIn() throws {
        let container = Container()
        container.register(scope: .singleton) { _ in Camera(real: true) }
            .verify(because: "opens the camera") { _ in Camera(real: false) }
        container.register { r in try PhotoPicker(camera: r.resolve()) }
        container.register { r in try Root(session: r.resolve()) }
        let report = container.verify()
        #expect(report.problems.map(\.path) == [["Root", "Session"]])
        #expect(report.unchecked.map(\.registration) == ["`Camera`"])
        #expect(try container.tryResolve(Camera.self).real)
    }

    @Test("Verification leaves the container's caches and disposal order untouched")
    func untouched() throws {
        let log = EventLog()
        let builds = Counter()
        let container = Container()
        container.register(name: "first", scope: .singleton) { _ in Resource("first", log: log) }
        container.register(name: "second", scope: .cached("s")) { _ in
            builds.increment()
            return Resource("second", log: log)
        }
        container.register(name: "third", scope: .singleton) { _ in Resource("third", log: log) }
        let second: Resource = try container.tryResolve(name: "second")
        let first: Resource = try container.tryResolve(name: "first")
        #expect(builds.value == 1)

        let report = container.verify()
        #expect(report.isValid)
        #expect(builds.value == 2)  // verification built its own, in its own copy…
        #expect(log.all == ["dispose third", "dispose second", "dispose first"])  // …and disposed them

        #expect(try container.tryResolve(Resource.self, name: "second") === second)
        #expect(try container.tryResolve(Resource.self, name: "first") === first)
        #expect(builds.value == 2)
        container.dispose()
        #expect(log.all.suffix(2) == ["dispose first", "dispose second"])
    }

    @Test("A correct graph of 60 registrations, across a parent and a child, verifies clean")
    func largeCleanGraph() throws {
        let parent = Container()
        let child = Container(parent: parent)
        registerChain(60, in: parent, child: child)
        let report = child.verify()
        #expect(report.isValid, "\(report)")
        #expect(report.registrationCount == 30)
        #expect(report.graph.nodes.count == 60)
        #expect(report.graph.edges.count == 59)
        #expect(report.graph.nodes.filter { $0.containerDepth == 1 }.count == 30)
    }

    @Test("A key registered twice is reported with both sites")
    func duplicates() throws {
        let container = Container()
        container.register { _ in Plain() }
        container.register { _ in Plain() }
        let problem = try #require(container.verify().problems.first)
        #expect(problem.kind == .duplicateRegistration)
        #expect(problem.message.contains("VerificationTests.swift:"))
        #expect(problem.message.contains("and again at KeystoneTests/VerificationTests.swift:"))
        let child = Container(parent: container)
        child.register { _ in Plain() }
        #expect(child.verify().isValid)
    }

    @Test("A container that rejects duplicates traps, naming both registration sites")
    func rejectDuplicates() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container(duplicates: .reject)
            container.register { _ in Plain() }
            container.register { _ in Plain() }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("`Plain` is registered twice in a container made with `duplicates: .reject`"))
        #expect(message.contains("first at KeystoneTests/VerificationTests.swift:"))
    }

    @Test("requireValid throws the report; a valid report does not throw")
    func requireValid() throws {
        let good = Container()
        good.register { _ in Plain() }
        try good.verify().requireValid()
        let bad = Container()
        bad.register { r in try Session(client: r.resolve()) }
        let failure = try #require(throws: VerificationFailure.self) { try bad.verify().requireValid() }
        #expect(failure.description.hasPrefix("Keystone verification: 1 problem in 1 registrations"))
    }

    @Test("A disposed container is reported")
    func disposed() {
        let container = Container()
        container.dispose()
        #expect(container.verify().problems.map(\.kind) == [.disposed])
    }
}

/// Registers a chain `link0 ← link1 ← …` of `count` links, the first half in `parent`, the
/// rest in `child`: singletons first, then a cached scope, then graph and transient links, so
/// that every link depends on one that lives at least as long.
func registerChain(_ count: Int, in parent: Container, child: Container) {
    for index in 0..<count {
        let container = index < count / 2 ? parent : child
        let previous = index == 0 ? nil : Name("link\(index - 1)")
        let scope: Scope =
            switch index * 3 / count {
            case 0: .singleton
            case 1: .cached("session")
            default: index.isMultiple(of: 2) ? .graph : .transient
            }
        container.register(Link.self, name: Name("link\(index)"), scope: scope) { r in
            try Link(previous: previous.map { try r.resolve(Link.self, name: $0) })
        }
    }
}

final class Link: Sendable {
    let previous: Link?
    init(previous: Link?) { self.previous = previous }
}

/// Each problem names the registration that causes it, so a test can report it there.
@Suite("Verification blames a registration")
struct VerificationBlameTests {
    final class Asker: Sendable {
        init(_ missing: Plain) {}
    }
    final class Holder: Sendable {
        init(_ plain: Plain) {}
    }

    @Test("A missing dependency is reported where the registration that asks for it was made")
    func missingIsBlamedOnTheAsker() throws {
        let container = Container()
        let line = #line + 1
        container.register(Asker.self) { r in try Asker(r.resolve()) }

        let problem = try #require(container.verify().problems.first)

        #expect(problem.kind == .missingDependency)
        #expect(problem.registeredAt == "KeystoneTests/VerificationTests.swift:\(line)")
    }

    @Test("A captive dependency is reported at the holder, a duplicate at the later registration")
    func captiveAndDuplicate() {
        let container = Container()
        container.register(Plain.self, scope: .transient) { _ in Plain() }
        let holderLine = #line + 1
        container.register(Holder.self, scope: .singleton) { r in try Holder(r.resolve()) }
        let duplicateLine = #line + 1
        container.register(Plain.self, scope: .transient) { _ in Plain() }

        let problems = container.verify().problems

        #expect(
            problems.first { $0.kind == .captiveDependency }?.registeredAt
                == "KeystoneTests/VerificationTests.swift:\(holderLine)")
        #expect(
            problems.first { $0.kind == .duplicateRegistration }?.registeredAt
                == "KeystoneTests/VerificationTests.swift:\(duplicateLine)")
    }
}
