import Foundation
import HAR
import NIOHTTP1
import Testing

/// Drives native-auth V2 journeys (spec native-auth-v2 §2) of a running emulator through the recording
/// proxy, one connection per request, and collects every secret the answers carried (tokens, codes,
/// method ids) so a test can look for them in the capture and the console.
final class V2ProxyDriver: @unchecked Sendable {
    struct Answer {
        var status: Int
        var json: JSONValue
        subscript(_ key: String) -> String? { json[key]?.stringValue }
        var state: String? { self["state"] }
        var action: String? { self["action"] }
        var token: String? { self["continuationToken"] ?? self["continuation_token"] }
        /// `_links.<relation>.href`.
        func link(_ relation: String) -> String? { json["_links"]?[relation]?["href"]?.stringValue }
        var methods: [JSONValue] { json["_embedded"]?["methods"]?.arrayValue ?? [] }
        /// The `relation` href of the embedded method of `type`.
        func method(_ type: String, _ relation: String = "challenge") -> String? {
            methods.first { $0["type"]?.stringValue == type }?["_links"]?[relation]?["href"]?.stringValue
        }
    }

    static let clientID = "11111111-2222-4333-8444-555555555555"
    let port: Int
    let tenantPath: String
    private(set) var secrets: [String] = []
    private(set) var requests = 0

    init(port: Int, tenantPath: String) {
        self.port = port
        self.tenantPath = tenantPath
    }

    func send(_ method: HTTPMethod, _ uri: String, contentType: String, body: String) async throws -> Answer {
        let request = TestRequest(method: method, uri: uri, headers: [("content-type", contentType)], body: Array(body.utf8))
        let response = try #require(try await TestClient.send([request], to: port, group: group).first)
        requests += 1
        let json = (try? JSONParser.parse(response.body)) ?? .null
        collectSecrets(json)
        return Answer(status: response.status, json: json)
    }

    /// The flow handle, the authorization code, the OAuth tokens and the method ids of an answer.
    private func collectSecrets(_ answer: JSONValue) {
        let keys = ["continuationToken", "continuation_token", "code", "access_token", "refresh_token", "id_token", "id"]
        let methods = answer["_embedded"]?["methods"]?.arrayValue ?? []
        for value in [answer] + methods {
            for key in keys {
                // A method id is made up (`em-…`, `sms-1`); the sign-up's verify answer names its
                // method by the word `email`, which is no secret.
                guard let text = value[key]?.stringValue, text.count >= 4, key != "id" || text.contains("-") else { continue }
                secrets.append(text)
            }
        }
    }

    func form(_ path: String, _ fields: [(String, String)]) async throws -> Answer {
        let body = fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
            .joined(separator: "&")
        return try await send(.POST, tenantPath + path, contentType: "application/x-www-form-urlencoded", body: body)
    }

    /// A JSON interaction at `href` with the continuation token of `previous` and `members`.
    func follow(_ href: String?, from previous: Answer, _ members: [String: Any] = [:], method: HTTPMethod = .POST)
        async throws -> Answer
    {
        var object = members
        object["continuationToken"] = previous.token ?? ""
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return try await send(
            method, try #require(href), contentType: "application/json", body: String(decoding: data, as: UTF8.self))
    }

    /// O1 then the entry link `relation` with `username`.
    func begin(_ relation: String, username: String) async throws -> Answer {
        let entry = try await form(
            "/oauth2/v2.0/authorize-challenge", [("client_id", Self.clientID), ("scope", "openid offline_access")])
        return try await follow(entry[relation], from: entry, ["username": username])
    }

    /// O2 then O17.
    @discardableResult
    func redeem(_ done: Answer) async throws -> Answer {
        let resumed = try await form("/oauth2/v2.0/authorize-challenge", [("continuation_token", done.token ?? "")])
        return try await form(
            "/oauth2/v2.0/token",
            [("grant_type", "authorization_code"), ("code", resumed["code"] ?? ""), ("client_id", Self.clientID),
             ("client_info", "true"), ("scope", "openid offline_access")])
    }

    /// Sign-in start, the password method's challenge, the right password.
    func passwordFirstFactor(_ username: String, password: String) async throws -> Answer {
        let challenge = try await begin("sign_in", username: username)
        let verify = try await follow(challenge.method("password"), from: challenge)
        return try await follow(verify.link("verify"), from: verify, ["password": password])
    }
}
