import Foundation
import KeystoneKOInject
import Testing

// KOInject's container, lazy and isolated resolver tests cover every arity from one to nine
// runtime arguments; these do the same against the compatibility module. Each registers a
// `Recorder` built from the arguments and checks that a resolve with the same argument types
// passes them through in order, and that a resolve with nothing registered gives nil.

@Suite("KOIContainer: registrations with runtime arguments")
struct KOIContainerArgumentTests {
    @Test("1 argument: registered, resolved, passed through in order")
    func register1() {
        let container = KOIContainer()
        let arg1: String = "first"
        container.register(forType: Recorded.self) { (_, a1: String) in
            Recorder(a1)
        }
        let object: Recorded? = container.resolve(arg1: arg1)
        #expect(object?.values == ["\(arg1)"])
        let missing: Unregistered? = container.resolve(arg1: arg1)
        #expect(missing == nil)
    }

    @Test("2 arguments: registered, resolved, passed through in order")
    func register2() {
        let container = KOIContainer()
        let arg1: String = "first"
        let arg2: Int = 2
        container.register(forType: Recorded.self) { (_, a1: String, a2: Int) in
            Recorder(a1, a2)
        }
        let object: Recorded? = container.resolve(arg1: arg1, arg2: arg2)
        #expect(object?.values == ["\(arg1)", "\(arg2)"])
        let missing: Unregistered? = container.resolve(arg1: arg1, arg2: arg2)
        #expect(missing == nil)
    }

    @Test("3 arguments: registered, resolved, passed through in order")
    func register3() {
        let container = KOIContainer()
        let arg1: String = "first"
        let arg2: Int = 2
        let arg3: Double = 3.5
        container.register(forType: Recorded.self) { (_, a1: String, a2: Int, a3: Double) in
            Recorder(a1, a2, a3)
        }
        let object: Recorded? = container.resolve(arg1: arg1, arg2: arg2, arg3: arg3)
        #expect(object?.values == ["\(arg1)", "\(arg2)", "\(arg3)"])
        let missing: Unregistered? = container.resolve(arg1: arg1, arg2: arg2, arg3: arg3)
        #expect(missing == nil)
    }

    @Test("4 arguments: registered, resolved, passed through in order")
    func register4() {
        let container = KOIContainer()
        let arg1: String = "first"
        let arg2: Int = 2
        let arg3: Double = 3.5
        let arg4: Float = 4.25
        container.register(forType: Recorded.self) { (_, a1: String, a2: Int, a3: Double, a4: Float) in
            Recorder(a1, a2, a3, a4)
        }
        let object: Recorded? = container.resolve(arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4)
        #expect(object?.values == ["\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)"])
        let missing: Unregistered? = container.resolve(arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4)
        #expect(missing == nil)
    }

    @Test("5 arguments: registered, resolved, passed through in order")
    func register5() {
        let container = KOIContainer()
        let arg1: String = "first"
        let arg2: Int = 2
        let arg3: Double = 3.5
        let arg4: Float = 4.25
        let arg5: UInt = 5
        container.register(forType: Recorded.self) { (_, a1: String, a2: Int, a3: Double, a4: Float, a5: UInt) in
            Recorder(a1, a2, a3, a4, a5)
        }
        let object: Recorded? = container.resolve(arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5)
        #expect(object?.values == ["\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)", "\(arg5)"])
        let missing: Unregistered? = container.resolve(arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5)
        #expect(missing == nil)
    }

    @Test("6 arguments: registered, resolved, passed through in order")
    func register6() {
        let container = KOIContainer()
        let arg1: String = "first"
        let arg2: Int = 2
        let arg3: Double = 3.5
        let arg4: Float = 4.25
        let arg5: UInt = 5
        let arg6: Bool = true
        container.register(forType: Recorded.self) {
            (_, a1: String, a2: Int, a3: Double, a4: Float, a5: UInt, a6: Bool) in
            Recorder(a1, a2, a3, a4, a5, a6)
        }
        let object: Recorded? = container.resolve(
            arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6)
        #expect(object?.values == ["\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)", "\(arg5)", "\(arg6)"])
        let missing: Unregistered? = container.resolve(
            arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6)
        #expect(missing == nil)
    }

    @Test("7 arguments: registered, resolved, passed through in order")
    func register7() {
        let container = KOIContainer()
        let arg1: String = "first"
        let arg2: Int = 2
        let arg3: Double = 3.5
        let arg4: Float = 4.25
        let arg5: UInt = 5
        let arg6: Bool = true
        let arg7: Int16 = -7
        container.register(forType: Recorded.self) {
            (_, a1: String, a2: Int, a3: Double, a4: Float, a5: UInt, a6: Bool, a7: Int16) in
            Recorder(a1, a2, a3, a4, a5, a6, a7)
        }
        let object: Recorded? = container.resolve(
            arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6, arg7: arg7)
        #expect(object?.values == ["\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)", "\(arg5)", "\(arg6)", "\(arg7)"])
        let missing: Unregistered? = container.resolve(
            arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6, arg7: arg7)
        #expect(missing == nil)
    }

    @Test("8 arguments: registered, resolved, passed through in order")
    func register8() {
        let container = KOIContainer()
        let arg1: String = "first"
        let arg2: Int = 2
        let arg3: Double = 3.5
        let arg4: Float = 4.25
        let arg5: UInt = 5
        let arg6: Bool = true
        let arg7: Int16 = -7
        let arg8: UInt16 = 8
        container.register(forType: Recorded.self) {
            (_, a1: String, a2: Int, a3: Double, a4: Float, a5: UInt, a6: Bool, a7: Int16, a8: UInt16) in
            Recorder(a1, a2, a3, a4, a5, a6, a7, a8)
        }
        let object: Recorded? = container.resolve(
            arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6, arg7: arg7, arg8: arg8)
        #expect(
            object?.values == ["\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)", "\(arg5)", "\(arg6)", "\(arg7)", "\(arg8)"])
        let missing: Unregistered? = container.resolve(
            arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6, arg7: arg7, arg8: arg8)
        #expect(missing == nil)
    }

    @Test("9 arguments: registered, resolved, passed through in order")
    func register9() {
        let container = KOIContainer()
        let arg1: String = "first"
        let arg2: Int = 2
        let arg3: Double = 3.5
        let arg4: Float = 4.25
        let arg5: UInt = 5
        let arg6: Bool = true
        let arg7: Int16 = -7
        let arg8: UInt16 = 8
        let arg9: Int64 = -9
        container.register(forType: Recorded.self) {
            (_, a1: String, a2: Int, a3: Double, a4: Float, a5: UInt, a6: Bool, a7: Int16, a8: UInt16, a9: Int64) in
            Recorder(a1, a2, a3, a4, a5, a6, a7, a8, a9)
        }
        let object: Recorded? = container.resolve(
            arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6, arg7: arg7, arg8: arg8, arg9: arg9)
        #expect(
            object?.values == [
                "\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)", "\(arg5)", "\(arg6)", "\(arg7)", "\(arg8)", "\(arg9)",
            ])
        let missing: Unregistered? = container.resolve(
            arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6, arg7: arg7, arg8: arg8, arg9: arg9)
        #expect(missing == nil)
    }

}

@Suite("KOILazyResolver: every arity, both spellings")
struct KOILazyResolverArityTests {
    @Test("KOILazyResolverArg1: nil until resolved, the object after, nil after dispose")
    func lazy1() {
        let container = KOIContainer()
        let arg1: String = "first"
        container.register(type: Recorded.self, scope: .shared) { (_, a1: String) in
            Recorder(a1)
        }
        let lazyResolver = KOILazyResolverArg1(resolver: container, forType: Recorded.self, arg1: arg1)
        let spelled2 = KOILazyResolverArg1(resolver: container, type: Recorded.self, arg1: arg1)

        #expect(lazyResolver.object == nil)
        lazyResolver.resolve()
        #expect(lazyResolver.object?.values == ["\(arg1)"])
        lazyResolver.dispose()
        #expect(lazyResolver.object == nil)
        spelled2.resolve()
        #expect(spelled2.object?.values == ["\(arg1)"])
    }

    @Test("KOILazyResolverArg2: nil until resolved, the object after, nil after dispose")
    func lazy2() {
        let container = KOIContainer()
        let arg1: String = "first"
        let arg2: Int = 2
        container.register(type: Recorded.self, scope: .shared) { (_, a1: String, a2: Int) in
            Recorder(a1, a2)
        }
        let lazyResolver = KOILazyResolverArg2(resolver: container, forType: Recorded.self, arg1: arg1, arg2: arg2)
        let spelled2 = KOILazyResolverArg2(resolver: container, type: Recorded.self, arg1: arg1, arg2: arg2)

        #expect(lazyResolver.object == nil)
        lazyResolver.resolve()
        #expect(lazyResolver.object?.values == ["\(arg1)", "\(arg2)"])
        lazyResolver.dispose()
        #expect(lazyResolver.object == nil)
        spelled2.resolve()
        #expect(spelled2.object?.values == ["\(arg1)", "\(arg2)"])
    }

    @Test("KOILazyResolverArg3: nil until resolved, the object after, nil after dispose")
    func lazy3() {
        let container = KOIContainer()
        let arg1: String = "first"
        let arg2: Int = 2
        let arg3: Double = 3.5
        container.register(type: Recorded.self, scope: .shared) { (_, a1: String, a2: Int, a3: Double) in
            Recorder(a1, a2, a3)
        }
        let lazyResolver = KOILazyResolverArg3(
            resolver: container, forType: Recorded.self, arg1: arg1, arg2: arg2, arg3: arg3)
        let spelled2 = KOILazyResolverArg3(resolver: container, type: Recorded.self, arg1: arg1, arg2: arg2, arg3: arg3)

        #expect(lazyResolver.object == nil)
        lazyResolver.resolve()
        #expect(lazyResolver.object?.values == ["\(arg1)", "\(arg2)", "\(arg3)"])
        lazyResolver.dispose()
        #expect(lazyResolver.object == nil)
        spelled2.resolve()
        #expect(spelled2.object?.values == ["\(arg1)", "\(arg2)", "\(arg3)"])
    }

    @Test("KOILazyResolverArg4: nil until resolved, the object after, nil after dispose")
    func lazy4() {
        let container = KOIContainer()
        let arg1: String = "first"
        let arg2: Int = 2
        let arg3: Double = 3.5
        let arg4: Float = 4.25
        container.register(type: Recorded.self, scope: .shared) { (_, a1: String, a2: Int, a3: Double, a4: Float) in
            Recorder(a1, a2, a3, a4)
        }
        let lazyResolver = KOILazyResolverArg4(
            resolver: container, forType: Recorded.self, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4)
        let spelled2 = KOILazyResolverArg4(
            resolver: container, type: Recorded.self, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4)

        #expect(lazyResolver.object == nil)
        lazyResolver.resolve()
        #expect(lazyResolver.object?.values == ["\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)"])
        lazyResolver.dispose()
        #expect(lazyResolver.object == nil)
        spelled2.resolve()
        #expect(spelled2.object?.values == ["\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)"])
    }

    @Test("KOILazyResolverArg5: nil until resolved, the object after, nil after dispose")
    func lazy5() {
        let container = KOIContainer()
        let arg1: String = "first"
        let arg2: Int = 2
        let arg3: Double = 3.5
        let arg4: Float = 4.25
        let arg5: UInt = 5
        container.register(type: Recorded.self, scope: .shared) {
            (_, a1: String, a2: Int, a3: Double, a4: Float, a5: UInt) in
            Recorder(a1, a2, a3, a4, a5)
        }
        let lazyResolver = KOILazyResolverArg5(
            resolver: container, forType: Recorded.self, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5)
        let spelled2 = KOILazyResolverArg5(
            resolver: container, type: Recorded.self, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5)

        #expect(lazyResolver.object == nil)
        lazyResolver.resolve()
        #expect(lazyResolver.object?.values == ["\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)", "\(arg5)"])
        lazyResolver.dispose()
        #expect(lazyResolver.object == nil)
        spelled2.resolve()
        #expect(spelled2.object?.values == ["\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)", "\(arg5)"])
    }

    @Test("KOILazyResolverArg6: nil until resolved, the object after, nil after dispose")
    func lazy6() {
        let container = KOIContainer()
        let arg1: String = "first"
        let arg2: Int = 2
        let arg3: Double = 3.5
        let arg4: Float = 4.25
        let arg5: UInt = 5
        let arg6: Bool = true
        container.register(type: Recorded.self, scope: .shared) {
            (_, a1: String, a2: Int, a3: Double, a4: Float, a5: UInt, a6: Bool) in
            Recorder(a1, a2, a3, a4, a5, a6)
        }
        let lazyResolver = KOILazyResolverArg6(
            resolver: container, forType: Recorded.self, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5,
            arg6: arg6)
        let spelled2 = KOILazyResolverArg6(
            resolver: container, type: Recorded.self, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5,
            arg6: arg6)

        #expect(lazyResolver.object == nil)
        lazyResolver.resolve()
        #expect(lazyResolver.object?.values == ["\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)", "\(arg5)", "\(arg6)"])
        lazyResolver.dispose()
        #expect(lazyResolver.object == nil)
        spelled2.resolve()
        #expect(spelled2.object?.values == ["\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)", "\(arg5)", "\(arg6)"])
    }

    @Test("KOILazyResolverArg7: nil until resolved, the object after, nil after dispose")
    func lazy7() {
        let container = KOIContainer()
        let arg1: String = "first"
        let arg2: Int = 2
        let arg3: Double = 3.5
        let arg4: Float = 4.25
        let arg5: UInt = 5
        let arg6: Bool = true
        let arg7: Int16 = -7
        container.register(type: Recorded.self, scope: .shared) {
            (_, a1: String, a2: Int, a3: Double, a4: Float, a5: UInt, a6: Bool, a7: Int16) in
            Recorder(a1, a2, a3, a4, a5, a6, a7)
        }
        let lazyResolver = KOILazyResolverArg7(
            resolver: container, forType: Recorded.self, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5,
            arg6: arg6, arg7: arg7)
        let spelled2 = KOILazyResolverArg7(
            resolver: container, type: Recorded.self, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5,
            arg6: arg6, arg7: arg7)

        #expect(lazyResolver.object == nil)
        lazyResolver.resolve()
        #expect(
            lazyResolver.object?.values == [
                "\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)", "\(arg5)", "\(arg6)", "\(arg7)",
            ])
        lazyResolver.dispose()
        #expect(lazyResolver.object == nil)
        spelled2.resolve()
        #expect(
            spelled2.object?.values == ["\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)", "\(arg5)", "\(arg6)", "\(arg7)"])
    }

    @Test("KOILazyResolverArg8: nil until resolved, the object after, nil after dispose")
    func lazy8() {
        let container = KOIContainer()
        let arg1: String = "first"
        let arg2: Int = 2
        let arg3: Double = 3.5
        let arg4: Float = 4.25
        let arg5: UInt = 5
        let arg6: Bool = true
        let arg7: Int16 = -7
        let arg8: UInt16 = 8
        container.register(type: Recorded.self, scope: .shared) {
            (_, a1: String, a2: Int, a3: Double, a4: Float, a5: UInt, a6: Bool, a7: Int16, a8: UInt16) in
            Recorder(a1, a2, a3, a4, a5, a6, a7, a8)
        }
        let lazyResolver = KOILazyResolverArg8(
            resolver: container, forType: Recorded.self, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5,
            arg6: arg6, arg7: arg7, arg8: arg8)
        let spelled2 = KOILazyResolverArg8(
            resolver: container, type: Recorded.self, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5,
            arg6: arg6, arg7: arg7, arg8: arg8)

        #expect(lazyResolver.object == nil)
        lazyResolver.resolve()
        #expect(
            lazyResolver.object?.values == [
                "\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)", "\(arg5)", "\(arg6)", "\(arg7)", "\(arg8)",
            ])
        lazyResolver.dispose()
        #expect(lazyResolver.object == nil)
        spelled2.resolve()
        #expect(
            spelled2.object?.values == [
                "\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)", "\(arg5)", "\(arg6)", "\(arg7)", "\(arg8)",
            ])
    }

    @Test("KOILazyResolverArg9: nil until resolved, the object after, nil after dispose")
    func lazy9() {
        let container = KOIContainer()
        let arg1: String = "first"
        let arg2: Int = 2
        let arg3: Double = 3.5
        let arg4: Float = 4.25
        let arg5: UInt = 5
        let arg6: Bool = true
        let arg7: Int16 = -7
        let arg8: UInt16 = 8
        let arg9: Int64 = -9
        container.register(type: Recorded.self, scope: .shared) {
            (_, a1: String, a2: Int, a3: Double, a4: Float, a5: UInt, a6: Bool, a7: Int16, a8: UInt16, a9: Int64) in
            Recorder(a1, a2, a3, a4, a5, a6, a7, a8, a9)
        }
        let lazyResolver = KOILazyResolverArg9(
            resolver: container, forType: Recorded.self, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5,
            arg6: arg6, arg7: arg7, arg8: arg8, arg9: arg9)
        let spelled2 = KOILazyResolverArg9(
            resolver: container, type: Recorded.self, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5,
            arg6: arg6, arg7: arg7, arg8: arg8, arg9: arg9)

        #expect(lazyResolver.object == nil)
        lazyResolver.resolve()
        #expect(
            lazyResolver.object?.values == [
                "\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)", "\(arg5)", "\(arg6)", "\(arg7)", "\(arg8)", "\(arg9)",
            ])
        lazyResolver.dispose()
        #expect(lazyResolver.object == nil)
        spelled2.resolve()
        #expect(
            spelled2.object?.values == [
                "\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)", "\(arg5)", "\(arg6)", "\(arg7)", "\(arg8)", "\(arg9)",
            ])
    }

}

@Suite("KOIIsolatedResolver: nine arguments")
struct KOIIsolatedResolverArityTests {
    @Test("Resolved with all nine arguments for the action, disposed after it, with either label")
    func nineArguments() {
        let container = KOIContainer()
        let arg1: String = "first"
        let arg2: Int = 2
        let arg3: Double = 3.5
        let arg4: Float = 4.25
        let arg5: UInt = 5
        let arg6: Bool = true
        let arg7: Int16 = -7
        let arg8: UInt16 = 8
        let arg9: Int64 = -9
        container.register(forType: Recorded.self, scope: .shared) {
            (_, a1: String, a2: Int, a3: Double, a4: Float, a5: UInt, a6: Bool, a7: Int16, a8: UInt16, a9: Int64) in
            Recorder(a1, a2, a3, a4, a5, a6, a7, a8, a9)
        }
        let lazyResolver = KOILazyResolverArg9(
            resolver: container, forType: Recorded.self, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5,
            arg6: arg6, arg7: arg7, arg8: arg8, arg9: arg9)
        let isolatedResolver = KOIIsolatedResolver(lazyResolver: lazyResolver)

        #expect(lazyResolver.object == nil)
        var runs = 0
        isolatedResolver.resolve(withAction: { object in
            runs += 1
            #expect(
                object?.values == [
                    "\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)", "\(arg5)", "\(arg6)", "\(arg7)", "\(arg8)", "\(arg9)",
                ])
            #expect(lazyResolver.object != nil)  // held while the action runs
        })
        #expect(lazyResolver.object == nil)
        isolatedResolver.resolve(for: { object in
            runs += 1
            #expect(
                object?.values == [
                    "\(arg1)", "\(arg2)", "\(arg3)", "\(arg4)", "\(arg5)", "\(arg6)", "\(arg7)", "\(arg8)", "\(arg9)",
                ])
        })
        #expect(lazyResolver.object == nil)
        #expect(runs == 2)
    }
}

/// What the arity tests register: the arguments a fabric received, as text, in order.
protocol Recorded: AnyObject {
    var values: [String] { get }
}

final class Recorder: Recorded {
    let values: [String]

    init(_ values: Any...) {
        self.values = values.map { "\($0)" }
    }
}

/// A type that no test registers.
protocol Unregistered {}
