import KeystoneRules
import Testing

/// The rules of scopes that the container and the build check share: what each scope's
/// instances are held by, how a scope is spelled, and when keeping one is a captive dependency.
@Suite struct LifetimeRulesTests {
    static let all: [Lifetime] = [.transient, .graph, .weak, .singleton, .cached("session"), .request]

    @Test("Each scope says who holds its instances")
    func holdings() {
        #expect(Lifetime.transient.holding == .nobody)
        #expect(Lifetime.graph.holding == .resolution)
        #expect(Lifetime.weak.holding == .containerWeakly)
        #expect(Lifetime.singleton.holding == .container)
        #expect(Lifetime.cached("session").holding == .container)
        #expect(Lifetime.request.holding == .requestScope)
        // Derived from the holding, never stated twice.
        #expect(Self.all.filter(\.isHeld) == [.singleton, .cached("session")])
        #expect(Self.all.filter(\.isMadeForItsHolder) == [.transient, .graph])
    }

    @Test("Every scope has its line in the rules, and the list of scopes has each once")
    func rules() {
        #expect(Lifetime.all.map(\.rule.member) == ["transient", "graph", "weak", "singleton", "cached", "request"])
        #expect(Lifetime.all.filter { $0.rule.name != nil } == [.cached("name")])
        // Only what the container holds lasts beyond its holder; a singleton longest.
        #expect(Lifetime.all.filter { $0.rule.lasts > .itsHolder } == [.singleton, .cached("name")])
        #expect(Lifetime.singleton.rule.lasts > Lifetime.cached("name").rule.lasts)
        #expect(Lifetime.cached("session").rule.name == "session")
    }

    @Test("Each scope is read back from the way it is written")
    func spellings() throws {
        for lifetime in Self.all {
            // `.cached("session")` is the member `cached` and the argument `session`.
            let written = lifetime.description.dropFirst()
            let member = String(written.prefix { $0 != "(" })
            let argument = written.contains("(") ? String(written.split(separator: "\"")[1]) : nil
            #expect(Lifetime(member: member, argument: argument) == lifetime, "\(lifetime)")
        }
        #expect(Lifetime(member: "cached", argument: nil) == nil)
        #expect(Lifetime(member: "singleton", argument: "x") == nil)
        #expect(Lifetime(member: "session", argument: nil) == nil)
    }

    @Test(
        "A held instance keeps a shorter-lived one captive directly, and through others only what outlives its maker",
        arguments: all
    )
    func captiveRule(holder: Lifetime) {
        for dependency in Self.all {
            for directly in [true, false] {
                // The rule as the Scopes article states it: a singleton may keep only
                // singletons; a cached scope singletons and its own cache; through an instance
                // made for the holder (a transient's or a `.graph`'s), only what that maker
                // does not own — a held, weak or request-scoped instance — is kept.
                let outlives: Bool
                switch (holder, dependency) {
                case (.singleton, .singleton): outlives = false
                case (.singleton, _): outlives = true
                case (.cached(let a), .cached(let b)): outlives = a != b
                case (.cached, .singleton): outlives = false
                case (.cached, _): outlives = true
                default: outlives = false
                }
                let reached = directly || ![Lifetime.transient, .graph].contains(dependency)
                #expect(
                    holder.keepsCaptive(dependency, directly: directly) == (outlives && reached),
                    "\(holder) keeping \(dependency), directly: \(directly)"
                )
            }
        }
        #expect(Lifetime.cached("a").keepsCaptive(.cached("b"), directly: true))
        #expect(!Lifetime.cached("a").keepsCaptive(.cached("a"), directly: true))
    }
}
