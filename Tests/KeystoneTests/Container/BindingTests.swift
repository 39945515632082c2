import Testing

@testable import Keystone

protocol IntFetcher: AnyObject { func int() -> Int }
protocol StringFetcher: AnyObject { func string() -> String }
protocol Unrelated {}

final class ThingFetcher: IntFetcher, StringFetcher {
    func int() -> Int { 42 }
    func string() -> String { "42" }
}

struct FetcherSummary {
    let text: String
}

struct ConversionRefused: Error {}

struct FetcherPair {
    let thing: ThingFetcher
    let ints: IntFetcher
}

@Suite("Binding more types")
struct BindingTests {
    @Test("Bound types resolve to the same instance under the registration's scope")
    func sameInstance() throws {
        let container = Container()
        container.register(scope: .singleton) { _ in ThingFetcher() }
            .bind(IntFetcher.self)
            .bind(StringFetcher.self)
        let thing: ThingFetcher = try container.tryResolve()
        let ints: IntFetcher = try container.tryResolve()
        let strings: StringFetcher = try container.tryResolve()
        #expect(ints === thing)
        #expect(strings === thing)
    }

    @Test("A bound type follows a graph registration within one resolution")
    func graphBinding() throws {
        let container = Container()
        container.register { _ in ThingFetcher() }.bind(IntFetcher.self)
        container.register(scope: .transient) { r in
            try FetcherPair(thing: r.resolve(), ints: r.resolve())
        }
        let pair: FetcherPair = try container.tryResolve()
        #expect(pair.thing === pair.ints)
        #expect(try container.tryResolve(FetcherPair.self).thing !== pair.thing)
    }

    @Test("A converter shapes the bound type, with the registration's name and arguments")
    func converter() throws {
        let container = Container()
        container.register(name: "x", scope: .singleton) { _ in ThingFetcher() }
            .bind(FetcherSummary.self) { FetcherSummary(text: "fetches \($0.int())") }
        #expect(try container.tryResolve(FetcherSummary.self, name: "x").text == "fetches 42")
        #expect(container.resolveOptional(FetcherSummary.self) == nil)
    }

    @Test("A failing cast or converter is a conversionFailed error naming both types")
    func failingConversion() throws {
        let container = Container()
        container.register(scope: .singleton) { _ in ThingFetcher() }
            .bind((any Unrelated).self)
            .bind(FetcherSummary.self) { _ in throw ConversionRefused() }
        let cast = #expect(throws: ResolutionError.self) { try container.tryResolve((any Unrelated).self) }
        #expect(cast?.kind == .conversionFailed)
        #expect(cast?.description.contains("`ThingFetcher`") == true)
        #expect(cast?.description.contains("`Unrelated`") == true)
        let converted = #expect(throws: ResolutionError.self) { try container.tryResolve(FetcherSummary.self) }
        #expect(converted?.kind == .conversionFailed)
        #expect(converted?.underlying is ConversionRefused)
        #expect(container.resolveOptional(IntFetcher.self) == nil)  // never bound
        #expect(try container.tryResolve(ThingFetcher.self).int() == 42)  // still usable
    }
}
