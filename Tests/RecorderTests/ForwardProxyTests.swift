import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Testing

@testable import Recorder

/// A fresh CA in a temporary directory.
func temporaryAuthority() throws -> (CertificateAuthority, URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("authtape-ca-\(UUID())")
    return (try CertificateAuthority.loadOrCreate(in: directory), directory)
}

/// A TLS client context trusting only `pem`.
func clientContext(trusting pem: String) throws -> NIOSSLContext {
    var configuration = TLSConfiguration.makeClientConfiguration()
    configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(pem.utf8)))
    return try NIOSSLContext(configuration: configuration)
}

@Suite("Forward proxy")
struct ForwardProxyTests {
    @Test("intercepts TLS to a captured host with a leaf the client trusts and records the exchange")
    func intercepts() async throws {
        let (authtapeCA, caDirectory) = try temporaryAuthority()
        let (upstreamCA, upstreamDirectory) = try temporaryAuthority()
        defer {
            try? FileManager.default.removeItem(at: caDirectory)
            try? FileManager.default.removeItem(at: upstreamDirectory)
        }
        let host = "contoso.ciamlogin.com"
        let upstream = try await TestUpstream.start(
            group: group, tls: try upstreamCA.serverContext(forHost: host),
            reply: { head, body in .json(#"{"path":"\#(head.uri)","form":"\#(String(decoding: body, as: UTF8.self))"}"#) })
        defer { Task { await upstream.stop() } }

        var settings = RecorderSettings(mode: .forward)
        settings.certificateAuthority = authtapeCA
        settings.upstreamVerification = .trustRoots(pem: upstreamCA.certificatePEM)
        settings.addressOverrides = [host: HostAndPort(host: "127.0.0.1", port: upstream.port)]
        let sink = InMemoryExchangeSink()
        let proxy = try await RecordingProxy.start(settings: settings, sink: sink, group: group)
        defer { Task { try? await proxy.shutdown() } }

        let tunnel = TunnelPlan(
            authority: "\(host):443", tls: try clientContext(trusting: authtapeCA.certificatePEM), serverName: host)
        let responses = try await TestClient.send(
            [TestRequest.post("/t/oauth2/v2.0/initiate", form: "username=u"), TestRequest(uri: "/t/two")],
            to: proxy.port, group: group, tunnel: tunnel)
        #expect(responses.map(\.text) == [#"{"path":"/t/oauth2/v2.0/initiate","form":"username=u"}"#,
            #"{"path":"/t/two","form":""}"#])
        #expect(sink.exchanges.map(\.request.url) == ["https://\(host)/t/oauth2/v2.0/initiate", "https://\(host)/t/two"])
        #expect(sink.exchanges.first?.request.body == Array("username=u".utf8))
        #expect(upstream.seen.first?.head.headers["host"] == [host])
    }

    @Test("tunnels a host outside the capture filter untouched, without recording it")
    func tunnels() async throws {
        let (authtapeCA, caDirectory) = try temporaryAuthority()
        let (upstreamCA, upstreamDirectory) = try temporaryAuthority()
        defer {
            try? FileManager.default.removeItem(at: caDirectory)
            try? FileManager.default.removeItem(at: upstreamDirectory)
        }
        let host = "api.example.org"
        let upstream = try await TestUpstream.start(
            group: group, tls: try upstreamCA.serverContext(forHost: host), reply: { _, _ in .json(#"{"direct":1}"#) })
        defer { Task { await upstream.stop() } }
        var settings = RecorderSettings(mode: .forward)
        settings.certificateAuthority = authtapeCA
        settings.addressOverrides = [host: HostAndPort(host: "127.0.0.1", port: upstream.port)]
        let sink = InMemoryExchangeSink()
        let proxy = try await RecordingProxy.start(settings: settings, sink: sink, group: group)
        defer { Task { try? await proxy.shutdown() } }

        // The client trusts only the upstream's own CA: a successful handshake proves no interception.
        let tunnel = TunnelPlan(
            authority: "\(host):443", tls: try clientContext(trusting: upstreamCA.certificatePEM), serverName: host)
        let responses = try await TestClient.send([TestRequest(uri: "/x")], to: proxy.port, group: group, tunnel: tunnel)
        #expect(responses.first?.text == #"{"direct":1}"#)
        #expect(sink.exchanges.isEmpty)
    }

    @Test("forwards absolute-form HTTP requests and records only hosts the filter matches")
    func absoluteForm() async throws {
        let upstream = try await TestUpstream.start(group: group, reply: { head, _ in .json(#"{"uri":"\#(head.uri)"}"#) })
        defer { Task { await upstream.stop() } }
        var settings = RecorderSettings(mode: .forward)
        let target = HostAndPort(host: "127.0.0.1", port: upstream.port)
        settings.addressOverrides = [CaptureFilter.emulatorHost: target, "other.test": target]
        let sink = InMemoryExchangeSink()
        let proxy = try await RecordingProxy.start(settings: settings, sink: sink, group: group)
        defer { Task { try? await proxy.shutdown() } }
        let responses = try await TestClient.send(
            [
                TestRequest(uri: "http://\(CaptureFilter.emulatorHost)/t/signup/v1.0/start?a=1"),
                TestRequest(uri: "http://other.test/skip"),
                TestRequest(uri: "/relative"),
            ], to: proxy.port, group: group)
        #expect(responses.map(\.status) == [200, 200, 400])
        #expect(responses.first?.text == #"{"uri":"/t/signup/v1.0/start?a=1"}"#)
        #expect(responses.last?.text.contains("bad_proxy_target") == true)
        #expect(sink.exchanges.map(\.request.url) == ["http://\(CaptureFilter.emulatorHost)/t/signup/v1.0/start?a=1"])
    }

    @Test("answers a CONNECT to an unreachable host with 502 and keeps serving")
    func connectUnreachable() async throws {
        let port = try await closedPort()
        var settings = RecorderSettings(mode: .forward)
        settings.addressOverrides = ["down.test": HostAndPort(host: "127.0.0.1", port: port)]
        let proxy = try await RecordingProxy.start(settings: settings, sink: InMemoryExchangeSink(), group: group)
        defer { Task { try? await proxy.shutdown() } }
        let (text, _) = try await TestClient.raw(
            Array("CONNECT down.test:443 HTTP/1.1\r\nHost: down.test:443\r\n\r\n".utf8), to: proxy.port, group: group)
        #expect(text.hasPrefix("HTTP/1.1 502"))
        #expect(text.contains("upstream_unreachable"))
    }
}

@Suite("Certificate authority")
struct CertificateAuthorityTests {
    @Test("is created once per directory with a 0600 key and loaded again unchanged")
    func createdOnce() throws {
        let (first, directory) = try temporaryAuthority()
        defer { try? FileManager.default.removeItem(at: directory) }
        let again = try CertificateAuthority.loadOrCreate(in: directory)
        #expect(again.certificatePEM == first.certificatePEM)
        let keyMode = try FileManager.default.attributesOfItem(atPath: first.keyURL.path)[.posixPermissions] as? Int
        #expect(keyMode == 0o600)
        let directoryMode = try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int
        #expect(directoryMode == 0o700)
        #expect(first.certificatePEM.hasPrefix("-----BEGIN CERTIFICATE-----"))
    }

    @Test("refuses a key that does not match the certificate")
    func mismatchedKey() throws {
        let (_, directory) = try temporaryAuthority()
        let (other, otherDirectory) = try temporaryAuthority()
        defer {
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(at: otherDirectory)
        }
        let keyPath = directory.appendingPathComponent(CertificateAuthority.keyFileName)
        try FileManager.default.removeItem(at: keyPath)
        try FileManager.default.copyItem(at: other.keyURL, to: keyPath)
        #expect(throws: RecorderError.self) { try CertificateAuthority.loadOrCreate(in: directory) }
    }

    @Test("caches one TLS context per host")
    func cachesLeaves() throws {
        let (authority, directory) = try temporaryAuthority()
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = try authority.serverContext(forHost: "a.ciamlogin.com")
        let b = try authority.serverContext(forHost: "A.ciamlogin.com")
        let c = try authority.serverContext(forHost: "c.ciamlogin.com")
        #expect(a === b)
        #expect(a !== c)
    }

    @Test("matches capture patterns by exact host or any subdomain")
    func filter() {
        let filter = CaptureFilter.default
        #expect(filter.matches("contoso.ciamlogin.com"))
        #expect(filter.matches("A.B.CIAMLOGIN.COM"))
        #expect(!filter.matches("ciamlogin.com"))
        #expect(!filter.matches("evilciamlogin.com"))
        #expect(filter.matches(CaptureFilter.emulatorHost))
    }
}
