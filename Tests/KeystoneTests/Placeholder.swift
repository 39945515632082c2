import Testing

@testable import Keystone

protocol API: AnyObject {}
final class Live: API {}
final class Storage {
    let api: API
    init(api: API) { self.api = api }
}
struct Game { let id: Int }
final class VM {
    let game: Game
    let page: Int
    init(api: API, game: Game, page: Int) {
        self.game = game
        self.page = page
    }
}
final class Cycle1 { init(_ c: Cycle2) {} }
final class Cycle2 { init(_ c: Cycle1) {} }

@Test func smoke() throws {
    let c = Container()
    c.register(API.self, scope: .singleton) { _ in Live() }
    c.register(Storage.self) { r in try Storage(api: r.resolve()) }
    c.register(VM.self, scope: .transient) { (r, game: Game, page: Int) in
        try VM(api: r.resolve(), game: game, page: page)
    }
    let a: API = c.resolve()
    let b: API = c.resolve()
    #expect(a === b)
    let s: Storage = c.resolve()
    #expect(s.api === a)
    let vm: VM = c.resolve(arguments: Game(id: 3), 2)
    #expect(vm.page == 2 && vm.game.id == 3)
    c.register { r in try Cycle1(r.resolve()) }
    c.register { r in try Cycle2(r.resolve()) }
    do {
        let _: Cycle1 = try c.tryResolve()
        Issue.record("no error")
    } catch {
        print(error)
        #expect(error.kind == .cycle)
    }
    do { let _: VM = try c.tryResolve(arguments: Game(id: 1)) } catch {
        print(error)
        #expect(error.kind == .argumentMismatch)
    }
    do { let _: Int = try c.tryResolve(name: "x") } catch {
        print(error)
        #expect(error.kind == .notRegistered)
    }
    #expect(c.resolveOptional(Int.self) == nil)
}
