import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Testing

@testable import Recorder

@Suite("Proxy bad input and faults")
struct ProxyFaultTests {
    @Test("answers malformed HTTP with a 400 JSON body and keeps serving other clients")
    func malformed() async throws {
        try await withReverseProxy(reply: { _, _ in .json(#"{"ok":true}"#) }) { proxy, _, sink in
            let (text, closed) = try await TestClient.raw(Array("GET / HTTP/1.1\r\nHo st\u{1}: x\r\n\r\n".utf8),
                to: proxy.port, group: group)
            #expect(text.hasPrefix("HTTP/1.1 400 Bad Request"))
            #expect(text.contains(#""error":"malformed_request""#))
            #expect(closed)
            let after = try await TestClient.send([TestRequest(uri: "/")], to: proxy.port, group: group)
            #expect(after.first?.text == #"{"ok":true}"#)
            #expect(sink.exchanges.count == 1)
        }
    }

    @Test("answers a declared body over the limit with 413 before reading it")
    func declaredTooLarge() async throws {
        try await withReverseProxy(reply: { _, _ in .json("{}") }, configure: { $0.maxRequestBody = 100 }) {
            proxy, upstream, _ in
            let head = "POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 101\r\n\r\n"
            let (text, closed) = try await TestClient.raw(Array(head.utf8), to: proxy.port, group: group)
            #expect(text.hasPrefix("HTTP/1.1 413"))
            #expect(text.contains("exceeds the limit of 100 bytes"))
            #expect(closed)
            #expect(upstream.seen.isEmpty)
        }
    }

    @Test("answers a chunked body that grows over the limit with 413 and keeps serving")
    func streamedTooLarge() async throws {
        try await withReverseProxy(reply: { _, _ in .json("{}") }, configure: { $0.maxRequestBody = 100 }) {
            proxy, upstream, _ in
            let chunk = String(repeating: "a", count: 80)
            let request = "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n50\r\n\(chunk)\r\n50\r\n\(chunk)\r\n0\r\n\r\n"
            let (text, _) = try await TestClient.raw(Array(request.utf8), to: proxy.port, group: group)
            #expect(text.hasPrefix("HTTP/1.1 413"))
            #expect(upstream.seen.isEmpty)
            let small = try await TestClient.send([TestRequest.post("/y", form: "a=1")], to: proxy.port, group: group)
            #expect(small.first?.status == 200)
        }
    }

    @Test("answers 502 with a JSON explanation when the upstream is unreachable, and records it")
    func unreachable() async throws {
        let port = try await closedPort()
        var settings = RecorderSettings(mode: .reverse(Upstream(host: "127.0.0.1", port: port, isTLS: false)))
        settings.upstreamConnectTimeout = .seconds(2)
        let sink = InMemoryExchangeSink()
        let proxy = try await RecordingProxy.start(settings: settings, sink: sink, group: group)
        defer { Task { try? await proxy.shutdown() } }
        let responses = try await TestClient.send(
            [TestRequest(uri: "/a"), TestRequest(uri: "/b")], to: proxy.port, group: group)
        #expect(responses.map(\.status) == [502, 502])
        let json = try JSONSerialization.jsonObject(with: Data(responses[0].body)) as? [String: String]
        #expect(json?["error"] == "upstream_unreachable")
        #expect(json?["error_description"]?.contains("127.0.0.1:\(port)") == true)
        #expect(sink.exchanges.map(\.proxyError) == ["upstream_unreachable", "upstream_unreachable"])
        #expect(sink.exchanges.first?.response.status == 502)
    }

    @Test("answers 502 when the upstream's certificate is not trusted")
    func untrustedUpstream() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("authtape-ca-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let authority = try CertificateAuthority.loadOrCreate(in: directory)
        let upstream = try await TestUpstream.start(
            group: group, tls: try authority.serverContext(forHost: "localhost"), reply: { _, _ in .json("{}") })
        defer { Task { await upstream.stop() } }
        let sink = InMemoryExchangeSink()
        let settings = RecorderSettings(mode: .reverse(Upstream(host: "localhost", port: upstream.port, isTLS: true)))
        let proxy = try await RecordingProxy.start(settings: settings, sink: sink, group: group)
        defer { Task { try? await proxy.shutdown() } }
        let responses = try await TestClient.send([TestRequest(uri: "/")], to: proxy.port, group: group)
        #expect(responses.first?.status == 502)
        #expect(responses.first?.text.contains("upstream_tls_failure") == true)
        #expect(upstream.seen.isEmpty)
    }

    @Test("verifies a TLS upstream against configured roots and forwards over it")
    func trustedUpstream() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("authtape-ca-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let authority = try CertificateAuthority.loadOrCreate(in: directory)
        let upstream = try await TestUpstream.start(
            group: group, tls: try authority.serverContext(forHost: "localhost"),
            reply: { _, _ in .json(#"{"tls":true}"#) })
        defer { Task { await upstream.stop() } }
        let sink = InMemoryExchangeSink()
        var settings = RecorderSettings(mode: .reverse(Upstream(host: "localhost", port: upstream.port, isTLS: true)))
        settings.upstreamVerification = .trustRoots(pem: authority.certificatePEM)
        settings.addressOverrides = ["localhost": HostAndPort(host: "127.0.0.1", port: upstream.port)]
        let proxy = try await RecordingProxy.start(settings: settings, sink: sink, group: group)
        defer { Task { try? await proxy.shutdown() } }
        let responses = try await TestClient.send([TestRequest(uri: "/p"), TestRequest(uri: "/q")], to: proxy.port,
            group: group)
        #expect(responses.map(\.text) == [#"{"tls":true}"#, #"{"tls":true}"#])
        #expect(sink.exchanges.first?.request.url == "https://localhost:\(upstream.port)/p")
        #expect(Set(upstream.seen.map(\.connection)).count == 1)
    }

    @Test("answers 504 when the upstream does not answer within the response timeout")
    func upstreamTimeout() async throws {
        try await withReverseProxy(
            reply: { head, _ in
                var reply = UpstreamReply.json("{}")
                if head.uri == "/slow" { reply.delay = .seconds(6) }
                return reply
            },
            // 1 s, not less: the fast answer must arrive within it even when every suite runs at once on 2 cores.
            configure: { $0.upstreamResponseTimeout = .seconds(1) }
        ) { proxy, _, sink in
            let responses = try await TestClient.send(
                [TestRequest(uri: "/slow"), TestRequest(uri: "/fast")], to: proxy.port, group: group)
            #expect(responses.map(\.status) == [504, 200])
            #expect(sink.exchanges.first?.proxyError == "upstream_timeout")
        }
    }

    @Test("closes a client that does not finish its request head within the header timeout")
    func slowHeaders() async throws {
        try await withReverseProxy(reply: { _, _ in .json("{}") }, configure: { $0.headerTimeout = .milliseconds(300) }) {
            proxy, upstream, _ in
            let started = Date()
            let (text, closed) = try await TestClient.raw(Array("GET / HTTP/1.1\r\nHost: a\r\n".utf8), to: proxy.port,
                group: group, wait: .seconds(5))
            #expect(closed)
            #expect(text.isEmpty)
            #expect(Date().timeIntervalSince(started) < 3)
            #expect(upstream.seen.isEmpty)
        }
    }

    @Test("closes a keep-alive connection left idle for the idle timeout")
    func idleClose() async throws {
        // The idle timer runs from the accept, so it must outlast the gap between the client's connect and
        // its first write, which passed 300 ms once when every suite ran in parallel on 2 cores.
        try await withReverseProxy(reply: { _, _ in .json("{}") }, configure: { $0.idleTimeout = .seconds(1) }) {
            proxy, _, _ in
            let (text, closed) = try await TestClient.raw(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8),
                to: proxy.port, group: group, wait: .seconds(5))
            #expect(text.hasPrefix("HTTP/1.1 200 OK"))
            #expect(closed)
        }
    }

    @Test("closes the client connection when the upstream dies mid-response, and keeps serving")
    func upstreamDiesMidBody() async throws {
        try await withReverseProxy(reply: { head, _ in
            if head.uri == "/ok" { return .json(#"{"ok":1}"#) }
            return UpstreamReply(headers: [("content-length", "100")], parts: [Array("0123456789".utf8)], abortMidBody: true)
        }) { proxy, _, sink in
            let (text, closed) = try await TestClient.raw(
                Array("GET /die HTTP/1.1\r\nHost: a\r\n\r\n".utf8), to: proxy.port, group: group)
            #expect(text.hasPrefix("HTTP/1.1 200 OK"))
            #expect(text.hasSuffix("0123456789"))
            #expect(closed)
            let after = try await TestClient.send([TestRequest(uri: "/ok")], to: proxy.port, group: group)
            #expect(after.first?.text == #"{"ok":1}"#)
            #expect(sink.exchanges.map { URL(string: $0.request.url)!.path } == ["/ok"])
        }
    }
}
