import Foundation
import KeystoneResolver

// The services the re-expressed Resolver suites resolve: a view model with three
// dependencies, protocols that one service implements twice, services that tell their
// instances apart by an id or a name, and a value type.

final class XYZViewModel {
    let fetcher: XYZFetching
    let updater: XYZUpdating
    let service: XYZService

    init(fetcher: XYZFetching, updater: XYZUpdating, service: XYZService) {
        self.fetcher = fetcher
        self.updater = updater
        self.service = service
    }
}

protocol XYZFetching {
    var name: String { get }
    func string() -> String
}

protocol XYZUpdating {
    var name: String { get }
    func update()
}

final class XYZCombinedService: XYZFetching, XYZUpdating {
    let id = UUID()
    var name: String { "XYZCombinedService" }
    func string() -> String { "Hello" }
    func update() {}
}

class XYZService {
    let session: XYZSessionService?
    init(_ session: XYZSessionService?) {
        self.session = session
    }
}

final class XYZGraphService {
    let session1: XYZSessionService?
    let session2: XYZSessionService?
    init(_ session1: XYZSessionService?, _ session2: XYZSessionService?) {
        self.session1 = session1
        self.session2 = session2
    }
}

protocol XYZSessionProtocol {
    var id: UUID { get }
}

final class XYZSessionService: XYZSessionProtocol {
    let id = UUID()
    var name = "XYZSessionService"
}

final class XYZNameService {
    let id = UUID()
    var name: String
    init(_ name: String) {
        self.name = name
    }
}

final class XYZArgumentService {
    var condition: Bool
    var string: String
    init(condition: Bool = false, string: String = "Barney") {
        self.condition = condition
        self.string = string
    }
}

struct XYZValue {
    let id = UUID()
}

final class XYZValueService {
    let value1: XYZValue?
    let value2: XYZValue?
    init(_ value1: XYZValue?, _ value2: XYZValue?) {
        self.value1 = value1
        self.value2 = value2
    }
}

/// A service that nothing registers.
final class XYZNeverService {}

extension Resolver.Name {
    static let fred = Self("Fred")
    static let barney = Self("Barney")
}
