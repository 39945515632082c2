#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One keep-alive HTTP/1.1 connection to a server on 127.0.0.1, used by one thread: it sends a
/// request, reads the whole response, and sends the next one on the same socket.
///
/// A few lines of sockets rather than an HTTP client package: the load check only sends small
/// requests to its own server and reads responses that carry a `Content-Length`, and it should
/// spend as little of the machine's CPU as it can, since the server shares it.
final class HTTPConnection {
    /// The socket's file descriptor.
    private let descriptor: Int32
    /// Bytes read from the socket: those in `start..<end` are not consumed yet.
    private var buffer = [UInt8](repeating: 0, count: 16_384)
    /// Where the unconsumed bytes of `buffer` start.
    private var start = 0
    /// Where the bytes read so far end.
    private var end = 0

    /// Connects to 127.0.0.1:`port`.
    init(port: Int) throws(LoadCheckError) {
        #if canImport(Glibc)
            let streamType = Int32(SOCK_STREAM.rawValue)
        #else
            let streamType = SOCK_STREAM
        #endif
        descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw .socket("socket", errno) }
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian  // 127.0.0.1
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw .socket("connect to 127.0.0.1:\(port)", code)
        }
        // Requests are small and each waits for its response: send them at once.
        var on: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit {
        close(descriptor)
    }

    /// The bytes of a request to send with ``send(_:)``.
    ///
    /// - Parameters:
    ///   - method: `GET` or `POST`.
    ///   - path: The path, such as `/notes/note-1`.
    ///   - port: The server's port, for the `Host` header.
    ///   - json: A JSON body, if any.
    static func request(method: String, path: String, port: Int, json: String? = nil) -> [UInt8] {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        if let json {
            head += "Content-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n"
        }
        return Array((head + "\r\n" + (json ?? "")).utf8)
    }

    /// Sends `request` (from ``request(method:path:port:json:)``) and reads its response.
    func send(_ request: [UInt8]) throws(LoadCheckError) -> HTTPResponse {
        var sent = 0
        while sent < request.count {
            let written = request.withUnsafeBytes { bytes in
                write(descriptor, bytes.baseAddress! + sent, bytes.count - sent)
            }
            guard written > 0 else { throw .socket("write", errno) }
            sent += written
        }
        return try readResponse()
    }

    /// Reads one response: its head, then as many body bytes as its `Content-Length` says.
    private func readResponse() throws(LoadCheckError) -> HTTPResponse {
        var headEnd = endOfHead(from: start)
        while headEnd == nil {
            // Counted from `start`, which `fill()` moves: the bytes before these were scanned.
            let scanned = max(0, end - start - 3)
            try fill()
            headEnd = endOfHead(from: start + scanned)
        }
        let head = HTTPResponse.Head(buffer[start..<headEnd!])
        guard let status = head.status else { throw .malformedResponse("no status line") }
        guard let length = head.contentLength else { throw .malformedResponse("no Content-Length (status \(status))") }
        start = headEnd!
        while end - start < length { try fill() }
        let body = Array(buffer[start..<(start + length)])
        start += length
        return HTTPResponse(status: status, requestID: head.requestID, body: body)
    }

    /// Where the head that starts at `start` ends (after its blank line), looking from `from`.
    private func endOfHead(from: Int) -> Int? {
        var index = max(from, start)
        while index + 3 < end {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index + 4
            }
            index += 1
        }
        return nil
    }

    /// Reads what the socket has into `buffer`, after moving the unconsumed bytes to its start
    /// (or making it larger, for a response bigger than it).
    private func fill() throws(LoadCheckError) {
        if start > 0 {
            buffer.withUnsafeMutableBytes { bytes in
                bytes.baseAddress!.copyMemory(from: bytes.baseAddress! + start, byteCount: end - start)
            }
            end -= start
            start = 0
        }
        if end == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
        let received = buffer.withUnsafeMutableBytes { bytes in
            read(descriptor, bytes.baseAddress! + end, bytes.count - end)
        }
        if received < 0 { throw .socket("read", errno) }
        if received == 0 { throw .malformedResponse("the server closed the connection") }
        end += received
    }
}

/// What the server answered to one request.
struct HTTPResponse {
    /// The status code.
    let status: Int
    /// The `X-Request-ID` header, if there was one.
    let requestID: String?
    /// The body.
    let body: [UInt8]

    /// The parts of a response's head that the load check reads, found without making a string
    /// of every header.
    struct Head {
        var status: Int?
        var contentLength: Int?
        var requestID: String?

        /// Reads `bytes`, a head up to and including its blank line.
        init(_ bytes: ArraySlice<UInt8>) {
            var lineStart = bytes.startIndex
            var isStatusLine = true
            while lineStart < bytes.endIndex, let newline = bytes[lineStart...].firstIndex(of: 10) {
                let line = bytes[lineStart..<(bytes[newline - 1] == 13 ? newline - 1 : newline)]
                lineStart = newline + 1
                if isStatusLine {
                    // "HTTP/1.1 200 OK"
                    isStatusLine = false
                    if let space = line.firstIndex(of: 32) { status = Self.number(line[(space + 1)...]) }
                } else if let colon = line.firstIndex(of: 58) {
                    let name = line[..<colon]
                    var value = line[(colon + 1)...]
                    while value.first == 32 || value.first == 9 { value = value.dropFirst() }
                    while value.last == 32 || value.last == 9 { value = value.dropLast() }
                    if Self.name(name, is: "content-length") {
                        contentLength = Self.number(value)
                    } else if Self.name(name, is: "x-request-id") {
                        requestID = String(decoding: value, as: UTF8.self)
                    }
                }
            }
        }

        /// Whether the header name `bytes` is `lowercased`, in any case.
        private static func name(_ bytes: ArraySlice<UInt8>, is lowercased: StaticString) -> Bool {
            guard bytes.count == lowercased.utf8CodeUnitCount else { return false }
            return zip(bytes, UnsafeBufferPointer(start: lowercased.utf8Start, count: bytes.count)).allSatisfy {
                ($0 | 0x20) == $1 || $0 == $1
            }
        }

        /// The decimal number that `bytes` starts with.
        private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
            var value: Int?
            for byte in bytes {
                guard byte >= 48, byte <= 57 else { break }
                value = (value ?? 0) * 10 + Int(byte - 48)
            }
            return value
        }
    }
}
