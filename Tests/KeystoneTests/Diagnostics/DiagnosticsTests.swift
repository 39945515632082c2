import Testing

@testable import Keystone

final class Root {
    init(session: Session) {}
}

final class Session {
    init(client: APIClient) {}
}

struct Broken: Error, CustomStringConvertible {
    var description: String { "disk full" }
}

@Suite("Diagnostics")
struct DiagnosticsTests {
    @Test("A missing dependency names the service, the name, the path and the near misses")
    func missingWithPathAndNearMisses() throws {
        let container = Container()
        container.register { r in try Root(session: r.resolve()) }
        container.register { r in try Session(client: r.resolve(APIClient.self, name: "mock")) }
        container.register(APIClient.self) { _ in LiveAPIClient() }
        let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Root.self) }
        #expect(error.kind == .notRegistered)
        #expect(error.service == "APIClient")
        #expect(error.name == "mock")
        #expect(error.argumentTypes == nil)
        #expect(error.path == ["Root", "Session", "APIClient(\"mock\")"])
        #expect(error.nearMisses.count == 1)
        #expect(error.nearMisses[0].hasPrefix("`APIClient`, no name, no arguments, scope: .graph at KeystoneTests/"))
        #expect(
            error.description.hasPrefix(
                "No registration for `APIClient` (name: \"mock\") while resolving `Root → Session`."
            )
        )
        #expect(error.description.contains("To fix, "))
    }

    @Test("A throwing factory is wrapped with the path and its registration site; nothing is cached")
    func factoryThrew() throws {
        let attempts = Counter()
        let container = Container()
        container.register { r in try Root(session: r.resolve()) }
        container.register(scope: .singleton) { r in
            if attempts.increment() == 1 { throw Broken() }
            return try Session(client: r.resolve())
        }
        container.register(APIClient.self) { _ in LiveAPIClient() }
        let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Root.self) }
        #expect(error.kind == .factoryFailed)
        #expect(error.path == ["Root", "Session"])
        #expect(error.underlying is Broken)
        #expect(error.registeredAt?.hasPrefix("KeystoneTests/DiagnosticsTests.swift:") == true)
        #expect(error.description.contains("Underlying error: disk full."))
        _ = try container.tryResolve(Root.self)
        #expect(attempts.value == 2)
    }

    @Test("A missing service with no registrations of its type says so")
    func missingEntirely() throws {
        let container = Container()
        let error = try #require(throws: ResolutionError.self) { try container.tryResolve(APIClient.self) }
        #expect(error.nearMisses.isEmpty)
        #expect(error.path == ["APIClient"])
        #expect(
            error.description
                == "No registration for `APIClient`. To fix, register `APIClient` in this container or one of its parents before resolving it."
        )
    }

    @Test("Error kinds describe themselves")
    func kinds() {
        let kinds: [ResolutionError.Kind] = [
            .notRegistered, .argumentMismatch, .cycle, .disposed, .factoryFailed, .conversionFailed, .weakValueType,
        ]
        #expect(Set(kinds.map(\.description)).count == kinds.count)
    }
}
