import Foundation
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HAR
import NativeAuth
import Testing
import Replay

/// The tests of this target that touch sockets (the isolation check's listener), one at a time.
@Suite("Network isolation", .serialized)
struct NetworkIsolationTests {
    @Test("Replay opens no network connection: every request reaches the scripted transport and a listener at the capture's host is never dialled")
    func replayOpensNoSocket() async throws {
        // A real listener on loopback stands at the capture's host: if replay dialled the network, the kernel
        // would queue the connection on it whether or not anyone accepts. Unlike counting the process's
        // sockets, this does not depend on what other suites of the test process do meanwhile.
        let trap = try LoopbackTrap()
        defer { trap.close() }
        let host = "http://127.0.0.1:\(trap.port)/tenant"
        let rebuilt = signUpCapture().document.log.entries.map { entry -> HAREntry in
            var copy = entry
            copy.request.url = copy.request.url.replacingOccurrences(
                of: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com", with: host)
            return copy
        }
        #expect(rebuilt.allSatisfy { $0.request.url.hasPrefix(host) })
        let document = HARDocument(log: HARLog(creator: HARCreator(name: "t", version: "1"), entries: rebuilt))
        let transports = TransportList()
        let result = await ReplayRunner(transportObserver: { transports.append($0) })
            .replay(ScriptInference.script(of: document, path: "isolated.har"))
        #expect(result.passed, "\(result.flows.flatMap(\.steps).flatMap(\.diagnostics))")
        #expect(transports.all.count == 1)
        #expect(transports.all.first?.requestCount == rebuilt.count)
        #expect(trap.connectionsWaiting() == 0)
    }

    @Test("The listener that stands for the capture's host does see a connection when one is made")
    func trapSeesAConnection() async throws {
        let trap = try LoopbackTrap()
        defer { trap.close() }
        #expect(trap.connectionsWaiting() == 0)
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(client >= 0)
        defer { _ = Glibc.close(client) }
        var address = LoopbackTrap.loopback(port: trap.port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        #expect(connected == 0)
        #expect(trap.connectionsWaiting() == 1)
    }
}

/// Collects transports handed to the runner's observer.
final class TransportList: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [ScriptedTransport] = []
    func append(_ transport: ScriptedTransport) { lock.withLock { items.append(transport) } }
    var all: [ScriptedTransport] { lock.withLock { items } }
}

/// A listening TCP socket on 127.0.0.1 that never accepts: connections made to it wait in its backlog,
/// where `connectionsWaiting` counts them (by accepting without blocking).
final class LoopbackTrap: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let step: String
        var description: String { "loopback listener: \(step) failed (errno \(errno))" }
    }

    let port: UInt16
    private let descriptor: Int32

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(step: "socket") }
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            _ = Glibc.close(fd)
            throw Failure(step: "bind/listen")
        }
        var chosen = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &chosen) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0, fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0 else {
            _ = Glibc.close(fd)
            throw Failure(step: "getsockname/fcntl")
        }
        descriptor = fd
        port = UInt16(bigEndian: chosen.sin_port)
    }

    static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    /// How many connections reached the listener since it opened (each is accepted and closed).
    func connectionsWaiting() -> Int {
        var count = 0
        while true {
            let accepted = accept(descriptor, nil, nil)
            guard accepted >= 0 else { return count }
            _ = Glibc.close(accepted)
            count += 1
        }
    }

    func close() { _ = Glibc.close(descriptor) }
}
