import Foundation

// The app types that Zerk's README names, as stand-ins.

protocol TransientDependencyProtocol: AnyObject {}
final class TransientDependencyClass: TransientDependencyProtocol {}
protocol ScopedDependencyProtocol: AnyObject {}
final class ScopedDependencyClass: ScopedDependencyProtocol {}
protocol SingletonDependencyProtocol: AnyObject {}
final class SingletonDependencyClass: SingletonDependencyProtocol {}

protocol DependencyProtocol: AnyObject {}
final class DependencyClass: DependencyProtocol {}

protocol DependencyProtocolA: AnyObject {}
final class DependencyClassA: DependencyProtocolA {}
protocol DependencyProtocolB {
    var argument0: String { get }
    var argument1: Int { get }
}
struct DependencyClassB: DependencyProtocolB {
    let argument0: String
    let argument1: Int
}

protocol DependentProtocolA {
    var dependency: TransientDependencyProtocol { get }
}
final class DependentClassA: DependentProtocolA {
    let dependency: TransientDependencyProtocol
    init(dependency: TransientDependencyProtocol) { self.dependency = dependency }
}

protocol DependentProtocolB {
    var dependencies: [AnyObject] { get }
}
final class DependentClassB: DependentProtocolB {
    let dependencies: [AnyObject]
    init(
        dependency0: TransientDependencyProtocol,
        dependency1: ScopedDependencyProtocol,
        dependency2: SingletonDependencyProtocol,
        dependency3: DependencyProtocol,
        dependency4: DependencyProtocol
    ) {
        dependencies = [dependency0, dependency1, dependency2, dependency3, dependency4]
    }
    init(dependency0: TransientDependencyProtocol, dependency1: ScopedDependencyProtocol) {
        dependencies = [dependency0, dependency1]
    }
}

protocol DependentProtocolC: AnyObject {
    var dependencies: [AnyObject] { get }
}
final class DependentClassC: DependentProtocolC {
    let dependencies: [AnyObject]
    init(
        dependency0: TransientDependencyProtocol,
        dependency1: ScopedDependencyProtocol,
        dependency2: SingletonDependencyProtocol,
        dependency3: DependencyProtocol,
        dependency4: DependencyProtocol
    ) {
        dependencies = [dependency0, dependency1, dependency2, dependency3, dependency4]
    }
}

protocol ArgumentativeProtocolA {
    var parameterName: String { get }
}
struct ArgumentativeClassA: ArgumentativeProtocolA {
    let parameterName: String
}
protocol ArgumentativeProtocolB: AnyObject {
    var parameterName0: Int { get }
    var parameterName1: Bool { get }
}
final class ArgumentativeClassB: ArgumentativeProtocolB {
    let dependency: DependencyProtocol
    let parameterName0: Int
    let parameterName1: Bool
    init(dependency: DependencyProtocol, parameterName0: Int, parameterName1: Bool) {
        self.dependency = dependency
        self.parameterName0 = parameterName0
        self.parameterName1 = parameterName1
    }
}

protocol ProtocolA: AnyObject {
    var parameterName0: Int { get }
}
protocol ProtocolB: AnyObject {}
protocol ProtocolC: AnyObject {}
final class MultitypeClass: ProtocolA, ProtocolB, ProtocolC {
    let parameterName0: Int
    init() { parameterName0 = 0 }
    init(dependency: DependencyProtocol, parameterName0: Int, parameterName1: String) {
        self.parameterName0 = parameterName0
    }
}

/// Counts the instances made, so that a test can tell when one was made.
protocol CountedProtocol {
    var serial: Int { get }
}
final class CountedClass: CountedProtocol {
    static let made = Counter()
    let serial = CountedClass.made.next()
}

/// A thread-safe counter.
///
/// `@unchecked Sendable`: `count` is guarded by `lock`.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    @discardableResult
    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
