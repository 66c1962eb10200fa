import Foundation

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1, started by a test, so a real `URLSession` is exercised.
///
/// It answers requests with its replies in order (the last repeats), each after its delay, and
/// records what it received and how many clients hung up before their reply.
final class LocalHTTPServer: @unchecked Sendable {
  struct Reply {
    var status: Int
    var body: String
    var delay: TimeInterval = 0
  }

  /// One request as it arrived.
  struct Received: Equatable {
    var method: String
    var path: String
    var headers: [String: String]
    var body: String
  }

  let url: URL
  private let listener: Int32
  private let lock = NSLock()
  private var replies: [Reply]
  private var received: [Received] = []
  private var hangUps = 0

  init(replies: [Reply]) throws {
    self.replies = replies
    let listener = socket(AF_INET, Self.streamType, 0)
    self.listener = listener
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && listen(listener, 16) == 0
          && getsockname(listener, $0, &length) == 0
      }
    }
    guard listener >= 0, bound else { throw POSIXError(.EADDRNOTAVAIL) }
    url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")!
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  deinit {
    stop()
  }

  /// The requests received so far.
  var requests: [Received] { lock.withLock { received } }
  /// How many clients closed the connection while waiting for their reply.
  var hungUp: Int { lock.withLock { hangUps } }

  /// Stops accepting connections.
  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  private static var streamType: Int32 {
    #if canImport(Glibc)
      Int32(SOCK_STREAM.rawValue)
    #else
      SOCK_STREAM
    #endif
  }

  private func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      Thread.detachNewThread { [self] in serve(connection) }
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    guard let request = readRequest(connection) else { return }
    let reply = lock.withLock {
      received.append(request)
      return replies.count > 1 ? replies.removeFirst() : replies[0]
    }
    if reply.delay > 0, clientHangsUp(connection, within: reply.delay) {
      lock.withLock { hangUps += 1 }
      return
    }
    let body = Data(reply.body.utf8)
    let head =
      "HTTP/1.1 \(reply.status) Reply\r\nContent-Type: application/json\r\n"
      + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    let bytes = Data(head.utf8) + body
    _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
  }

  /// Waits up to `seconds` for the client to close; true when it did.
  private func clientHangsUp(_ connection: Int32, within seconds: TimeInterval) -> Bool {
    var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, Int32(seconds * 1_000)) > 0 else { return false }
    var byte: UInt8 = 0
    return recv(connection, &byte, 1, 0) <= 0
  }

  private func readRequest(_ connection: Int32) -> Received? {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while true {
      if let end = data.range(of: Data("\r\n\r\n".utf8)) {
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
          guard let colon = line.firstIndex(of: ":") else { continue }
          headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
            .trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while data.count - end.upperBound < length {
          let count = recv(connection, &buffer, buffer.count, 0)
          guard count > 0 else { return nil }
          data.append(contentsOf: buffer[0..<count])
        }
        let body = data[end.upperBound..<(end.upperBound + length)]
        return Received(
          method: String(requestLine[0]), path: String(requestLine[1]), headers: headers,
          body: String(decoding: body, as: UTF8.self))
      }
      let count = recv(connection, &buffer, buffer.count, 0)
      guard count > 0 else { return nil }
      data.append(contentsOf: buffer[0..<count])
    }
  }
}
