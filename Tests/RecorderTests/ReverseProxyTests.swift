import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Testing

@testable import Recorder

let group = MultiThreadedEventLoopGroup.singleton

/// Runs `body` with a test upstream and a reverse proxy in front of it.
func withReverseProxy(
    reply: @escaping @Sendable (HTTPRequestHead, [UInt8]) -> UpstreamReply,
    configure: (inout RecorderSettings) -> Void = { _ in },
    _ body: (RecordingProxy, TestUpstream, InMemoryExchangeSink) async throws -> Void
) async throws {
    let upstream = try await TestUpstream.start(group: group, reply: reply)
    var settings = RecorderSettings(mode: .reverse(Upstream(host: "127.0.0.1", port: upstream.port, isTLS: false)))
    configure(&settings)
    let sink = InMemoryExchangeSink()
    let proxy = try await RecordingProxy.start(settings: settings, sink: sink, group: group)
    do {
        try await body(proxy, upstream, sink)
    } catch {
        try await proxy.shutdown()
        await upstream.stop()
        throw error
    }
    try await proxy.shutdown()
    await upstream.stop()
}

/// A port nothing listens on.
func closedPort() async throws -> Int {
    let channel = try await ServerBootstrap(group: group).bind(host: "127.0.0.1", port: 0).get()
    let port = channel.localAddress!.port!
    try await channel.close()
    return port
}

@Suite("Reverse proxy")
struct ReverseProxyTests {
    @Test("forwards a POST with its path, query and body unchanged and records the exchange")
    func forwardsAndRecords() async throws {
        try await withReverseProxy(reply: { head, body in
            .json(#"{"echo":"\#(head.uri)","length":\#(body.count)}"#)
        }) { proxy, upstream, sink in
            let form = "client_id=abc&username=a%40b.c"
            let request = TestRequest.post("/tenant/oauth2/v2.0/initiate?dc=ESTS&x=%2F", form: form)
            let responses = try await TestClient.send([request], to: proxy.port, group: group)
            #expect(responses.count == 1)
            #expect(responses.first?.status == 200)
            #expect(responses.first?.text == #"{"echo":"/tenant/oauth2/v2.0/initiate?dc=ESTS&x=%2F","length":\#(form.utf8.count)}"#)
            let seen = try #require(upstream.seen.first)
            #expect(seen.head.uri == "/tenant/oauth2/v2.0/initiate?dc=ESTS&x=%2F")
            #expect(String(decoding: seen.body, as: UTF8.self) == "client_id=abc&username=a%40b.c")
            #expect(seen.head.headers["host"] == ["127.0.0.1:\(upstream.port)"])

            let exchange = try #require(sink.exchanges.first)
            #expect(sink.exchanges.count == 1)
            #expect(exchange.request.method == "POST")
            #expect(exchange.request.url == "http://127.0.0.1:\(upstream.port)/tenant/oauth2/v2.0/initiate?dc=ESTS&x=%2F")
            #expect(exchange.request.body == Array("client_id=abc&username=a%40b.c".utf8))
            #expect(exchange.response.status == 200)
            #expect(exchange.response.body == responses[0].body)
            #expect(exchange.response.headers.contains { $0.name == "content-type" && $0.value == "application/json" })
            #expect(exchange.proxyError == nil)
            #expect(exchange.timings.wait >= 0 && exchange.timings.connect >= 0)
        }
    }

    @Test("reuses one pooled upstream connection for sequential keep-alive requests")
    func reusesUpstreamConnection() async throws {
        try await withReverseProxy(reply: { _, _ in .json("{}") }) { proxy, upstream, sink in
            let requests = (1...4).map { TestRequest(uri: "/r\($0)") }
            let responses = try await TestClient.send(requests, to: proxy.port, group: group)
            #expect(responses.map(\.status) == [200, 200, 200, 200])
            #expect(Set(upstream.seen.map(\.connection)).count == 1)
            #expect(sink.exchanges.map(\.connectionID).allSatisfy { $0 == sink.exchanges[0].connectionID })
            #expect(sink.exchanges.map(\.sequence) == sink.exchanges.map(\.sequence).sorted())
            #expect(sink.exchanges.dropFirst().allSatisfy { $0.timings.connect == -1 })
        }
    }

    @Test("answers pipelined requests in request order even when the first is slowest")
    func pipelining() async throws {
        try await withReverseProxy(reply: { head, _ in
            var reply = UpstreamReply.json(#"{"uri":"\#(head.uri)"}"#)
            if head.uri == "/slow" { reply.delay = .milliseconds(200) }
            return reply
        }) { proxy, _, sink in
            let requests = ["/slow", "/b", "/c"].map { TestRequest(uri: $0) }
            let responses = try await TestClient.send(requests, to: proxy.port, group: group, pipelined: true)
            #expect(responses.map(\.text) == [#"{"uri":"/slow"}"#, #"{"uri":"/b"}"#, #"{"uri":"/c"}"#])
            #expect(sink.exchanges.map { URL(string: $0.request.url)!.path } == ["/slow", "/b", "/c"])
        }
    }

    @Test("passes a chunked, gzip-encoded, multi-megabyte response through unchanged and captures it encoded")
    func largeChunkedGzip() async throws {
        let seed = UInt8.random(in: 0...255)
        let parts = (0..<48).map { part in
            [UInt8](unsafeUninitializedCapacity: 65_536) { buffer, count in
                for index in 0..<65_536 { buffer[index] = UInt8(truncatingIfNeeded: index &* 31 &+ part &* 7) &+ seed }
                count = 65_536
            }
        }
        let expected = parts.flatMap { $0 }
        try await withReverseProxy(reply: { _, _ in
            UpstreamReply(headers: [("content-type", "application/json"), ("content-encoding", "gzip")], parts: parts)
        }) { proxy, _, sink in
            let responses = try await TestClient.send([TestRequest(uri: "/big")], to: proxy.port, group: group)
            let response = try #require(responses.first)
            #expect(response.body == expected)
            #expect(response.headers["content-encoding"] == ["gzip"])
            #expect(response.headers["transfer-encoding"] == ["chunked"])
            let exchange = try #require(sink.exchanges.first)
            #expect(exchange.response.body == expected)
            #expect(exchange.response.contentEncoding == "gzip")
            #expect(!exchange.response.bodyTruncated)
        }
    }

    @Test("truncates only the captured copy of a body longer than the capture limit")
    func captureLimit() async throws {
        let body = Array(repeating: UInt8(ascii: "x"), count: 5_000)
        try await withReverseProxy(
            reply: { _, _ in UpstreamReply(headers: [("content-length", "5000")], parts: [body]) },
            configure: { $0.maxCapturedResponseBody = 1_000 }
        ) { proxy, _, sink in
            let responses = try await TestClient.send([TestRequest(uri: "/")], to: proxy.port, group: group)
            #expect(responses.first?.body == body)
            let exchange = try #require(sink.exchanges.first)
            #expect(exchange.response.body.count == 1_000)
            #expect(exchange.response.bodyTruncated)
            #expect(exchange.response.bodySize == 5_000)
        }
    }

    @Test("answers Expect: 100-continue with 100 Continue, then forwards the body")
    func expectContinue() async throws {
        try await withReverseProxy(reply: { _, body in .json(#"{"got":\#(body.count)}"#) }) { proxy, upstream, _ in
            let request = "POST /c HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nExpect: 100-continue\r\nConnection: close\r\n\r\nabc"
            let (text, _) = try await TestClient.raw(Array(request.utf8), to: proxy.port, group: group)
            #expect(text.hasPrefix("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK"))
            #expect(text.hasSuffix(#"{"got":3}"#))
            #expect(upstream.seen.first?.head.headers["expect"] == [])
        }
    }

    @Test("answers a HEAD request with the upstream's headers and no body")
    func head() async throws {
        try await withReverseProxy(reply: { _, _ in
            UpstreamReply(headers: [("content-type", "application/json"), ("content-length", "42")], parts: [])
        }) { proxy, _, sink in
            let (text, _) = try await TestClient.raw(
                Array("HEAD /h HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".utf8), to: proxy.port, group: group)
            #expect(text.hasPrefix("HTTP/1.1 200 OK"))
            #expect(text.lowercased().contains("content-length: 42"))
            #expect(text.hasSuffix("\r\n\r\n"))
            #expect(sink.exchanges.first?.request.method == "HEAD")
        }
    }
}

@Suite("Settings parsing")
struct SettingsParsingTests {
    @Test("parses upstream URLs with default and explicit ports and rejects others")
    func upstreams() throws {
        #expect(try Upstream(url: "https://contoso.ciamlogin.com") == Upstream(host: "contoso.ciamlogin.com", port: 443, isTLS: true))
        #expect(try Upstream(url: "http://127.0.0.1:8787/x") == Upstream(host: "127.0.0.1", port: 8787, isTLS: false))
        #expect(try Upstream(url: "https://h:8443").description == "https://h:8443")
        #expect(try Upstream(url: "https://contoso.ciamlogin.com:443").description == "https://contoso.ciamlogin.com")
        let v6 = Upstream(host: "::1", port: 8080, isTLS: false)
        #expect(v6.description == "http://[::1]:8080" && v6.hostHeader == "[::1]:8080")
        #expect(Upstream(host: "h", port: 80, isTLS: false).hostHeader == "h")
        #expect(Upstream(host: "h", port: 80, isTLS: false) != Upstream(host: "h", port: 80, isTLS: true))
        #expect(throws: RecorderError.invalidUpstream("ftp://h")) { try Upstream(url: "ftp://h") }
        #expect(throws: RecorderError.self) { try Upstream(url: "contoso.ciamlogin.com") }
    }

    @Test("parses CONNECT authorities, bracketed IPv6 included")
    func authorities() {
        #expect(HostAndPort(authority: "a.b:443", defaultPort: 1) == HostAndPort(host: "a.b", port: 443))
        #expect(HostAndPort(authority: "[::1]:8443", defaultPort: 1) == HostAndPort(host: "::1", port: 8443))
        #expect(HostAndPort(authority: "a.b", defaultPort: 443) == HostAndPort(host: "a.b", port: 443))
        #expect(HostAndPort(authority: "a.b:99999", defaultPort: 443) == nil)
        #expect(HostAndPort(authority: ":443", defaultPort: 443) == nil)
    }

    @Test("renders a console line with the error pair and no other body content")
    func consoleLine() {
        let line = ExchangeConsoleLog.Line(
            time: Date(timeIntervalSince1970: 0), method: "POST", endpoint: "oauth2/v2.0/token", status: 400,
            error: "invalid_grant", suberror: "password_too_weak", milliseconds: 12.34, flowID: "flow-2")
        let text = ExchangeConsoleLog.render(line, format: .text)
        #expect(text.hasSuffix("POST    oauth2/v2.0/token  400  invalid_grant/password_too_weak  12.3 ms  flow-2"))
    }
}

@Suite("Time formatting")
struct TimeFormattingTests {
    @Test("formats HAR start times as UTC ISO 8601 with milliseconds")
    func iso8601() {
        #expect(TimeFormatting.iso8601(Date(timeIntervalSince1970: 1_800_000_000.123)) == "2027-01-15T08:00:00.123Z")
        #expect(TimeFormatting.iso8601(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(TimeFormatting.iso8601(Date(timeIntervalSince1970: 951_782_400.5)) == "2000-02-29T00:00:00.500Z")
        #expect(TimeFormatting.iso8601(Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
    }

    @Test("agrees with Foundation's ISO 8601 formatter on generated dates")
    func iso8601AgreesWithFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            // Whole milliseconds, so that neither side has to round.
            let millis = Double(Int64.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator))
            let date = Date(timeIntervalSince1970: millis / 1000)
            #expect(TimeFormatting.iso8601(date) == formatter.string(from: date), "\(millis)")
        }
    }
}
