import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import Testing

@testable import Emulator

/// Wire-level tests against the emulator running on a real loopback port.
@Suite("Loopback HTTP")
struct LoopbackTests {
    struct Exchange {
        var status: Int
        var headers: [(String, String)]
        var json: EmulatorJSON
        subscript(_ key: String) -> String? { json[key]?.stringValue }
    }

    static func send(
        _ client: HTTPClient, _ url: String, method: HTTPMethod = .POST, form: [(String, String)]? = nil,
        headers: [(String, String)] = []
    ) async throws -> Exchange {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let form {
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            let body = form.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
                .joined(separator: "&")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await client.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        let json = EmulatorJSON.parse(Data(body.readableBytesView)) ?? .null
        return Exchange(status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) }, json: json)
    }

    static func withEmulator(_ body: (RunningEmulator, HTTPClient) async throws -> Void) async throws {
        let core = try EmulatorCore(config: .default, seed: 7, logger: .quiet)
        let running = try await EmulatorServer.start(core: core, port: 0, logger: .quiet)
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            try await body(running, client)
        } catch {
            try await client.shutdown()
            await running.shutdown()
            throw error
        }
        try await client.shutdown()
        await running.shutdown()
    }

    @Test("password sign-in over HTTP issues tokens whose signature verifies with the served JWKS")
    func signInAndVerifyThroughJWKS() async throws {
        try await Self.withEmulator { running, client in
            let authority = running.authorityURL.absoluteString
            #expect(authority == "http://127.0.0.1:\(running.port)/contoso.onmicrosoft.com")
            let cid = "11111111-2222-4333-8444-555555555555"
            let initiate = try await Self.send(
                client, authority + "/oauth2/v2.0/initiate",
                form: [("client_id", cid), ("username", "alex@contoso.com"), ("challenge_type", "password redirect")],
                headers: [("client-request-id", "0E5C3B1A-7D2F-4C6E-9A8B-1F2E3D4C5B6A")])
            #expect(initiate.status == 200)
            #expect(initiate.headers.contains { $0.0.lowercased() == "client-request-id" && $0.1 == "0E5C3B1A-7D2F-4C6E-9A8B-1F2E3D4C5B6A" })
            let challenge = try await Self.send(
                client, authority + "/oauth2/v2.0/challenge",
                form: [("client_id", cid), ("continuation_token", initiate["continuation_token"]!), ("challenge_type", "password redirect")])
            let tokens = try await Self.send(
                client, authority + "/oauth2/v2.0/token",
                form: [("client_id", cid), ("continuation_token", challenge["continuation_token"]!), ("grant_type", "password"),
                       ("password", "Sunny-Day-42!"), ("scope", "openid profile offline_access"), ("client_info", "true")])
            #expect(tokens.status == 200)
            let idToken = try #require(tokens["id_token"])

            let discovery = try await Self.send(
                client, authority + "/v2.0/.well-known/openid-configuration", method: .GET)
            let jwksURL = try #require(discovery["jwks_uri"])
            let jwks = try await Self.send(client, jwksURL, method: .GET)
            let claims = try #require(try JWTCheck.verify(idToken, jwks: jwks.json))
            #expect(claims["aud"]?.stringValue == cid)
            #expect(claims["iss"]?.stringValue == discovery["issuer"])
            #expect(claims["preferred_username"]?.stringValue == "alex@contoso.com")
            #expect(claims["ver"]?.stringValue == "2.0")
            #expect(claims["tid"]?.stringValue == running.core.config.tenant.id)
            #expect(claims["oid"]?.stringValue?.count == 36)
            #expect((claims["exp"]?.intValue ?? 0) > Int(Date().timeIntervalSince1970))
            let tampered = idToken.dropLast(4) + "AAAA"
            #expect(try JWTCheck.verify(String(tampered), jwks: jwks.json) == nil)

            let refreshed = try await Self.send(
                client, authority + "/oauth2/v2.0/token",
                form: [("client_id", cid), ("grant_type", "refresh_token"), ("refresh_token", tokens["refresh_token"]!),
                       ("scope", "openid profile offline_access"), ("client_info", "true")])
            #expect(refreshed.status == 200)
            let reused = try await Self.send(
                client, authority + "/oauth2/v2.0/token",
                form: [("client_id", cid), ("grant_type", "refresh_token"), ("refresh_token", tokens["refresh_token"]!)])
            #expect(reused["error"] == "invalid_grant")
        }
    }

    @Test("email one-time-code sign-up over HTTP using the outbox endpoint")
    func signUpThroughOutbox() async throws {
        try await Self.withEmulator { running, client in
            let authority = running.authorityURL.absoluteString
            let cid = "22222222-3333-4444-8555-666666666666"
            let start = try await Self.send(
                client, authority + "/signup/v1.0/start",
                form: [("client_id", cid), ("username", "web@contoso.com"), ("challenge_type", "oob redirect")])
            let challenge = try await Self.send(
                client, authority + "/signup/v1.0/challenge",
                form: [("client_id", cid), ("continuation_token", start["continuation_token"]!), ("challenge_type", "oob redirect")])
            #expect(challenge["challenge_type"] == "oob")
            let refused = try await Self.send(client, running.baseURL.absoluteString + "/_authtape/outbox", method: .GET)
            #expect(refused.status == 401)
            let outbox = try await Self.send(
                client, running.baseURL.absoluteString + "/_authtape/outbox?user=web%40contoso.com", method: .GET,
                headers: [("Authorization", "Bearer \(running.adminToken)")])
            let code = try #require(outbox.json["messages"]?.arrayValue?.last?["code"]?.stringValue)
            let done = try await Self.send(
                client, authority + "/signup/v1.0/continue",
                form: [("client_id", cid), ("continuation_token", challenge["continuation_token"]!), ("grant_type", "oob"), ("oob", code)])
            #expect(done.status == 200)
            #expect(done["continuation_token"] != nil)
        }
    }

    @Test("an oversized body gets 413 and an unknown path 404")
    func limits() async throws {
        try await Self.withEmulator { running, client in
            let big = String(repeating: "a", count: 70_000)
            let reply = try await Self.send(
                client, running.authorityURL.absoluteString + "/oauth2/v2.0/initiate", form: [("client_id", big)])
            #expect(reply.status == 413)
            let missing = try await Self.send(client, running.baseURL.absoluteString + "/nothing/here", method: .GET)
            #expect(missing.status == 404)
        }
    }
}

/// An independent ES256 JWT check: key from the JWKS `x`/`y`, signature over `header.payload`.
enum JWTCheck {
    static func verify(_ jwt: String, jwks: EmulatorJSON) throws -> EmulatorJSON? {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let header = decode(parts[0]).flatMap({ EmulatorJSON.parse(Data($0)) }),
            header["alg"]?.stringValue == "ES256", let kid = header["kid"]?.stringValue,
            let key = jwks["keys"]?.arrayValue?.first(where: { $0["kid"]?.stringValue == kid }),
            let x = key["x"]?.stringValue.flatMap(decode), let y = key["y"]?.stringValue.flatMap(decode),
            let signature = decode(parts[2])
        else { return nil }
        let publicKey = try P256.Signing.PublicKey(rawRepresentation: x + y)
        let ecdsa = try P256.Signing.ECDSASignature(rawRepresentation: signature)
        guard publicKey.isValidSignature(ecdsa, for: Data("\(parts[0]).\(parts[1])".utf8)) else { return nil }
        return decode(parts[1]).flatMap { EmulatorJSON.parse(Data($0)) }
    }

    static func decode(_ s: String) -> [UInt8]? {
        Data(base64Encoded: s.base64URLPadded).map { [UInt8]($0) }
    }
}
