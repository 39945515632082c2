import Foundation

// Stand-ins for the app types that the KOInject seed documents name without declaring. They
// record what they were given, so that the seed tests can check what the prose promises.

protocol ApiClientProtocol: AnyObject {}

final class ApiClient: ApiClientProtocol {}

protocol DataStorageProtocol: AnyObject {
    var rootPath: String? { get }
    var clearOnDispose: Bool { get }
}

final class DataStorage: DataStorageProtocol {
    let rootPath: String?
    let clearOnDispose: Bool

    init() {
        rootPath = nil
        clearOnDispose = false
    }

    init(rootPath: String, clearOnDispose: Bool) {
        self.rootPath = rootPath
        self.clearOnDispose = clearOnDispose
    }
}

protocol GameDetailsViewModelProtocol: AnyObject {
    var apiClient: ApiClientProtocol { get }
    /// The seeds declare their `GameModel` next to the code that uses it, so it is kept as `Any`.
    var game: Any { get }
}

final class GameDetailsViewModel: GameDetailsViewModelProtocol {
    let apiClient: ApiClientProtocol
    let game: Any

    init<Game>(apiClient: ApiClientProtocol, game: Game) {
        self.apiClient = apiClient
        self.game = game
    }
}

protocol GameDetailsViewControllerProtocol: AnyObject {
    var viewModel: GameDetailsViewModelProtocol { get }
}

/// In an iOS app a `UIViewController`; nothing in the seed depends on UIKit.
final class GameDetailsViewController: GameDetailsViewControllerProtocol {
    let viewModel: GameDetailsViewModelProtocol

    init(viewModel: GameDetailsViewModelProtocol) {
        self.viewModel = viewModel
    }
}

protocol DataBaseClientProtocol: AnyObject {
    var rootPath: String { get }
    var appended: [Data] { get }
    func append(data: Data)
}

final class DataBaseClient: DataBaseClientProtocol {
    let rootPath: String
    private let lock = NSLock()
    private var rows: [Data] = []

    init(rootPath: String) {
        self.rootPath = rootPath
    }

    var appended: [Data] { lock.withLock { rows } }

    func append(data: Data) {
        lock.withLock { rows.append(data) }
    }
}

protocol ViewModelProtocol: AnyObject {}

struct Payment {
    let amount: Int
}

protocol UserBillingProtocol: AnyObject {
    var userId: String { get }
    var total: Int { get }
    func add(payment: Payment)
}

final class UserBilling: UserBillingProtocol {
    let userId: String
    private let lock = NSLock()
    private var sum = 0

    init(userId: String) {
        self.userId = userId
    }

    var total: Int { lock.withLock { sum } }

    func add(payment: Payment) {
        lock.withLock { sum += payment.amount }
    }
}
