import AsyncHTTPClient
import Foundation
import HAR
import NIOCore
import NIOHTTP1
import NativeAuthWire

/// A V2 client over real HTTP that does what an app does: it builds only the two fixed paths from its
/// authority and otherwise follows the hrefs and continuation tokens of the answers it gets. Every
/// answer is kept, in order, for comparing a live run with a run against the mock.
struct V2Client: Sendable {
    struct Answer: Sendable {
        var method: String
        var path: String
        var status: Int
        var body: [UInt8]
        var json: JSONValue { (try? JSONParser.parse(body)) ?? .null }
        subscript(_ key: String) -> String? { json[key]?.stringValue }
        var state: String? { self["state"] }
        var action: String? { self["action"] }
        var token: String? { self["continuationToken"] ?? self["continuation_token"] }
        /// `_links.<relation>.href`.
        func link(_ relation: String) -> String? { json["_links"]?[relation]?["href"]?.stringValue }
        /// The `challenge` href of the embedded method of `type`.
        func challenge(_ type: String) -> String? {
            let methods = json["_embedded"]?["methods"]?.arrayValue ?? []
            return methods.first { $0["type"]?.stringValue == type }?["_links"]?["challenge"]?["href"]?.stringValue
        }
        /// The ids asked for in `attributes[]`.
        var askedAttributes: [String] { (json["attributes"]?.arrayValue ?? []).compactMap { $0["attributeId"]?.stringValue } }
    }

    let http: HTTPClient
    /// `http://127.0.0.1:port`.
    let origin: String
    /// The authority's path, `/contoso.onmicrosoft.com`.
    let tenantPath: String
    /// The one-time code a user reads for a recipient (from the emulator's outbox live; typed against the mock).
    let code: @Sendable (String) -> String
    let answers = Locked<[Answer]>([])
    var clientID = "11111111-2222-4333-8444-555555555555"

    func send(_ method: HTTPMethod, _ href: String, contentType: String, body: String) async throws -> Answer {
        var request = HTTPClientRequest(url: href.hasPrefix("http") ? href : origin + href)
        request.method = method
        request.headers.add(name: "Content-Type", value: contentType)
        request.headers.add(name: "Accept", value: "application/hal+json")
        request.body = .bytes(ByteBuffer(string: body))
        let response = try await http.execute(request, timeout: .seconds(10))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        let answer = Answer(
            method: method.rawValue, path: href, status: Int(response.status.code), body: Array(bytes.readableBytesView))
        answers.withLock { $0.append(answer) }
        return answer
    }

    /// A form post to a path under the authority (O1, O2, O17, and V1's endpoints).
    func form(_ path: String, _ fields: [(String, String)]) async throws -> Answer {
        try await send(
            .POST, tenantPath + path, contentType: "application/x-www-form-urlencoded",
            body: FormCodec.encode(pairs: fields))
    }

    /// JSON with the continuation token of `previous` and `members`, at an advertised href.
    func follow(_ href: String?, from previous: Answer, _ members: [(String, JSONValue)] = [], method: HTTPMethod = .POST)
        async throws -> Answer
    {
        let object = JSONValue.object(
            JSONObject([(key: "continuationToken", value: .string(previous.token ?? ""))] + members.map { (key: $0.0, value: $0.1) }))
        return try await send(
            method, href ?? "/missing-link", contentType: "application/json", body: object.serializedString())
    }

    /// O1, then the entry link `relation` with `username`.
    func begin(_ relation: String, username: String) async throws -> Answer {
        let entry = try await form(
            "/oauth2/v2.0/authorize-challenge", [("client_id", clientID), ("scope", "openid offline_access")])
        return try await follow(entry[relation], from: entry, [("username", .string(username))])
    }

    /// O2 then O17: the tokens of a `state: continue` answer.
    @discardableResult
    func redeem(_ done: Answer) async throws -> Answer {
        let resumed = try await form("/oauth2/v2.0/authorize-challenge", [("continuation_token", done.token ?? "")])
        return try await form(
            "/oauth2/v2.0/token",
            [("grant_type", "authorization_code"), ("code", resumed["code"] ?? ""), ("client_id", clientID),
             ("client_info", "true"), ("scope", "openid offline_access")])
    }
}
