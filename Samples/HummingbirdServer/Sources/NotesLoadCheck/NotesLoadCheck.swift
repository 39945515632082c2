import Dispatch
import Foundation
import Synchronization

/// Compares the notes server's two load-check routes in one run: the request's services made by
/// hand against the same services resolved in a Keystone request scope.
///
/// It starts the sample's `notes-server` as a separate process on 127.0.0.1 (a port the system
/// picks), creates a note, then reads it through `GET /load-check/hand/notes/{id}` and
/// `GET /load-check/scope/notes/{id}` in turn: each round sends a fixed number of requests to
/// each route over a few keep-alive connections, the route that goes first alternating from
/// round to round. For each route and round it prints the requests per second and the server's
/// CPU time per request (Linux: from `/proc/<pid>/stat`), then the medians over the rounds and
/// their ratio, scope to hand.
///
/// It prints figures and judges none of them: it fails only if a request fails or the server
/// does not start or stop cleanly. Build it in release mode for meaningful figures:
///
/// ```sh
/// swift build -c release && .build/release/notes-load-check
/// ```
@main
struct NotesLoadCheck {
    static func main() {
        do {
            let options = try Options(CommandLine.arguments.dropFirst())
            try run(options)
        } catch {
            FileHandle.standardError.write(Data("notes-load-check: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(_ options: Options) throws {
        #if DEBUG
            print("notes-load-check: a debug build; for figures that mean something: swift build -c release")
        #endif
        let server = try ServerProcess(executable: options.server)
        do {
            try drive(server, options)
        } catch {
            try? server.stop()
            throw error
        }
        try server.stop()
    }

    /// Creates a note, warms both routes up, runs the rounds and prints what they measured.
    static func drive(_ server: ServerProcess, _ options: Options) throws {
        let port = server.port
        print(
            "notes-server (pid \(server.pid)) on 127.0.0.1:\(port): \(options.rounds) rounds × 2 routes × "
                + "\(options.requests) requests, \(options.connections) keep-alive connections"
        )
        if server.cpuSeconds() == nil {
            print("Server CPU time is not measured on this platform: it is read from /proc/<pid>/stat (Linux).")
        }

        let created = try HTTPConnection(port: port).send(
            HTTPConnection.request(method: "POST", path: "/notes", port: port, json: #"{"text": "load check"}"#)
        )
        guard created.status == 201,
            let note = try? JSONDecoder().decode([String: String].self, from: Data(created.body)),
            let id = note["id"]
        else { throw LoadCheckError.failedRequest("POST /notes answered \(created.status)") }

        let routes = [
            Route(name: "hand", path: "/load-check/hand/notes/\(id)"),
            Route(name: "scope", path: "/load-check/scope/notes/\(id)"),
        ]
        for route in routes where options.warmUp > 0 {
            _ = try measure(route, requests: options.warmUp, connections: options.connections, server: server)
        }

        print("")
        print("round  route   requests/s   server CPU µs/request   scope/hand this round")
        var hand: [Measurement] = []
        var scope: [Measurement] = []
        for round in 1...options.rounds {
            // The route that goes first alternates, so that a drift of the machine favours neither.
            for route in round % 2 == 1 ? routes : routes.reversed() {
                let measured = try measure(
                    route,
                    requests: options.requests,
                    connections: options.connections,
                    server: server
                )
                if route.name == "hand" { hand.append(measured) } else { scope.append(measured) }
                var row = [
                    pad("\(round)", 5), pad(route.name, 6), pad(format(measured.requestsPerSecond, 0), 12),
                    pad(measured.cpuPerRequest.map { format($0 * 1e6, 1) } ?? "-", 23),
                ]
                if hand.count == scope.count { row.append("  " + ratios(scope.last!, to: hand.last!)) }
                print(row.joined(separator: " "))
            }
        }

        let handMedian = Measurement(
            requestsPerSecond: median(hand.map(\.requestsPerSecond))!,
            cpuPerRequest: median(hand.compactMap(\.cpuPerRequest))
        )
        let scopeMedian = Measurement(
            requestsPerSecond: median(scope.map(\.requestsPerSecond))!,
            cpuPerRequest: median(scope.compactMap(\.cpuPerRequest))
        )
        print("")
        print("median over \(options.rounds) rounds")
        for (name, measured) in [("hand", handMedian), ("scope", scopeMedian)] {
            print(
                pad("", 5), pad(name, 6), pad(format(measured.requestsPerSecond, 0), 12),
                pad(measured.cpuPerRequest.map { format($0 * 1e6, 1) } ?? "-", 23)
            )
        }
        print("scope/hand, medians: \(ratios(scopeMedian, to: handMedian))")
        if let handCPU = handMedian.cpuPerRequest, let scopeCPU = scopeMedian.cpuPerRequest {
            print("server CPU per request, scope − hand: \(format((scopeCPU - handCPU) * 1e6, 1)) µs")
        }
        let rateRatios = zip(scope, hand).map { $0.requestsPerSecond / $1.requestsPerSecond }
        let cpuRatios = zip(scope, hand).compactMap { scope, hand in
            scope.cpuPerRequest.flatMap { cpu in hand.cpuPerRequest.flatMap { $0 > 0 ? cpu / $0 : nil } }
        }
        var perRound = "scope/hand, median of the rounds' ratios: requests/s \(format(median(rateRatios)!, 3))x"
        if let cpu = median(cpuRatios) { perRound += ", server CPU per request \(format(cpu, 3))x" }
        print(perRound)
    }

    /// `scope` against `hand`: the ratios of their requests per second and of their CPU time
    /// per request, as text.
    static func ratios(_ scope: Measurement, to hand: Measurement) -> String {
        var text = "requests/s \(format(scope.requestsPerSecond / hand.requestsPerSecond, 3))x"
        if let scopeCPU = scope.cpuPerRequest, let handCPU = hand.cpuPerRequest, handCPU > 0 {
            text += ", server CPU per request \(format(scopeCPU / handCPU, 3))x"
        }
        return text
    }

    /// Sends `requests` requests to `route` over `connections` connections at once, and measures
    /// the wall-clock time they took and the CPU time the server spent meanwhile.
    static func measure(
        _ route: Route,
        requests: Int,
        connections: Int,
        server: ServerProcess
    ) throws -> Measurement {
        let port = server.port
        let request = HTTPConnection.request(method: "GET", path: route.path, port: port)
        let failures = Failures()
        let done = DispatchGroup()
        let cpuBefore = server.cpuSeconds()
        let started = ContinuousClock.now
        for connection in 0..<connections {
            // The requests, shared out as evenly as they go.
            let share = requests / connections + (connection < requests % connections ? 1 : 0)
            done.enter()
            // A thread per connection, not a task: the client blocks in read(2).
            Thread.detachNewThread {
                defer { done.leave() }
                do {
                    let client = try HTTPConnection(port: port)
                    for _ in 0..<share {
                        let response = try client.send(request)
                        guard response.status == 200, response.requestID != nil else {
                            throw LoadCheckError.failedRequest(
                                "GET \(route.path) answered \(response.status)"
                                    + (response.requestID == nil ? " without X-Request-ID" : ""))
                        }
                    }
                } catch {
                    failures.add(error)
                }
            }
        }
        done.wait()
        let elapsed = started.duration(to: .now)
        let cpuAfter = server.cpuSeconds()
        if let failure = failures.first { throw failure }

        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return Measurement(
            requestsPerSecond: Double(requests) / seconds,
            cpuPerRequest: cpuBefore.flatMap { before in cpuAfter.map { ($0 - before) / Double(requests) } }
        )
    }
}

/// One of the two routes the load check compares.
struct Route: Sendable {
    /// `hand` or `scope`.
    let name: String
    /// The path to `GET`.
    let path: String
}

/// What one batch of requests to one route measured.
struct Measurement {
    /// Requests answered per second of wall-clock time.
    let requestsPerSecond: Double
    /// The server's CPU time per request, in seconds; nil where it is not measured.
    let cpuPerRequest: Double?
}

/// The errors of the connections' threads, kept for the thread that waits for them.
final class Failures: Sendable {
    private let errors = Mutex<[any Error]>([])

    /// Keeps `error`.
    func add(_ error: any Error) {
        errors.withLock { $0.append(error) }
    }

    /// The first error kept, if any.
    var first: (any Error)? {
        errors.withLock { $0.first }
    }
}

/// Why the load check failed.
enum LoadCheckError: Error, CustomStringConvertible {
    /// A socket call failed with this `errno`.
    case socket(String, Int32)
    /// A response the load check could not read.
    case malformedResponse(String)
    /// A request did not get the answer it should have.
    case failedRequest(String)
    /// The server exited before it listened.
    case serverDidNotStart(status: Int32, output: String)
    /// The server did not exit with status 0 when stopped.
    case serverFailed(status: Int32)
    /// The command line could not be read.
    case usage(String)

    var description: String {
        switch self {
        case .socket(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        case .malformedResponse(let why): "unreadable response: \(why)"
        case .failedRequest(let what): "a request failed: \(what)"
        case .serverDidNotStart(let status, let output):
            "notes-server exited with status \(status) before it listened\(output.isEmpty ? "" : ":\n\(output)")"
        case .serverFailed(let status): "notes-server did not stop cleanly (status \(status))"
        case .usage(let message): "\(message)\n\(Options.usage)"
        }
    }
}

/// The command line.
struct Options {
    static let usage = """
        usage: notes-load-check [--rounds N] [--requests N] [--connections N] [--warm-up N] [--server PATH]
          --rounds       rounds, each sending --requests to each route (default 5)
          --requests     requests per route per round (default 20000)
          --connections  keep-alive connections at once (default 4)
          --warm-up      requests per route before the first round, not reported (default --requests / 10)
          --server       the notes-server executable (default: the one next to this executable)
        """

    var rounds = 5
    var requests = 20_000
    var connections = 4
    var warmUp: Int
    var server: URL

    init(_ arguments: ArraySlice<String>) throws(LoadCheckError) {
        var warmUp: Int?
        var server: URL?
        var arguments = arguments
        while let option = arguments.popFirst() {
            guard let value = arguments.popFirst() else { throw .usage("\(option) needs a value") }
            let number = Int(value).flatMap { $0 >= 0 ? $0 : nil }
            switch (option, number) {
            case ("--rounds", let number?) where number > 0: rounds = number
            case ("--requests", let number?) where number > 0: requests = number
            case ("--connections", let number?) where number > 0: connections = number
            case ("--warm-up", let number?): warmUp = number
            case ("--server", _): server = URL(fileURLWithPath: value)
            default: throw .usage("unknown option or bad value: \(option) \(value)")
            }
        }
        self.warmUp = warmUp ?? requests / 10
        self.server =
            server
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("notes-server")
    }
}

/// The median of `values`, or nil when there is none.
func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// `value` with `decimals` decimals.
func format(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
}

/// `text`, right-aligned in `width` columns.
func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}
