import Foundation
import HAR
import NativeAuth
import NativeAuthWire

/// A scripted V2 app for the demo: it sends the requests of a V2 journey (native-auth-v2 §2)
/// through the app's transport, as raw HAL requests, and reads each answer's `state`, `action`,
/// continuation token and links. It is no client engine (that comes with V2 in the engine): it
/// follows the script and fails on any answer the script does not expect.
struct V2ScriptClient: Sendable {
    /// One answer: its status and parsed JSON body (`null` when the body is not JSON).
    struct Answer: Sendable {
        var status: Int
        var json: JSONValue

        var state: String? { json[V2Key.state]?.stringValue }
        var action: String? { json[V2Key.action]?.stringValue }
        /// The continuation token: camelCase in JSON answers, snake_case in the 401 entry answer.
        var token: String? { json[V2Key.continuationToken]?.stringValue ?? json[V2Key.continuationTokenForm]?.stringValue }
        /// The href of `_links.<relation>`.
        func link(_ relation: String) -> String? { json[V2Key.links]?[relation]?[V2Key.href]?.stringValue }
        /// The `challenge` href of the embedded method of `type`.
        func challenge(_ type: String) -> String? {
            let methods = json[V2Key.embedded]?[V2Key.methods]?.arrayValue ?? []
            let method = methods.first { $0[V2Key.type]?.stringValue == type }
            return method?[V2Key.links]?["challenge"]?[V2Key.href]?.stringValue
        }
        /// An entry link of the 401 answer: flat (`sign_in`) or under `_links` (`signIn`), as the
        /// tenant's profile answers (native-auth-v2 §6).
        func entry(flat: String, hal: String) -> String? { json[flat]?.stringValue ?? link(hal) }
        var errorCode: String? { json[V2Key.error]?[V2Key.code]?.stringValue }

        /// A log line: status, then state/action or the error code; never a token or a code.
        var summary: String {
            if let errorCode { return "\(status) error \(errorCode)" }
            var parts = ["\(status)"]
            if let state { parts.append("state=\(state)") }
            if let action { parts.append("action=\(action)") }
            return parts.joined(separator: " ")
        }
    }

    /// The authority: the origin the app talks to plus the tenant segment.
    var authority: URL
    var clientID: String
    var transport: any Transport

    /// O1: the entry at `authorize-challenge` (a form `POST`).
    func entry(scope: String) async throws -> Answer {
        try await form(V2Path.authorizeChallenge, [(V2Key.clientID, clientID), (V2Key.scope, scope)])
    }

    /// A JSON interaction at an href an answer advertised, with `previous`'s continuation token.
    func follow(_ href: String?, from previous: Answer, _ members: [(String, JSONValue)] = [], step: String)
        async throws -> Answer
    {
        guard let href, let url = resolve(href) else {
            throw ScenarioFailure(step: step, message: "the previous answer (\(previous.summary)) has no usable link")
        }
        var body = JSONObject()
        body.append(V2Key.continuationToken, .string(previous.token ?? ""))
        for (key, value) in members { body.append(key, value) }
        let request = NativeAuthHTTPRequest(
            method: "POST", url: url,
            headers: [.init("Content-Type", "application/json"), .init("Accept", "application/hal+json")],
            body: Data(JSONValue.object(body).serialized()))
        return try await send(request)
    }

    /// O2 then O17: resumes the authorization with a `state: continue` answer's token, then
    /// exchanges the authorization code for tokens.
    func redeem(_ done: Answer) async throws -> Answer {
        let resumed = try await form(V2Path.authorizeChallenge, [(V2Key.continuationTokenForm, done.token ?? "")])
        guard let code = resumed.json[V2Key.code]?.stringValue else {
            throw ScenarioFailure(step: "resume", message: "no authorization code in the answer (\(resumed.summary))")
        }
        return try await form(
            V2Path.token,
            [(V2Key.grantType, V2Key.authorizationCodeGrant), (V2Key.code, code), (V2Key.clientID, clientID),
             (V2Key.clientInfo, "true"), (V2Key.scope, "openid offline_access")])
    }

    private func form(_ path: String, _ fields: [(String, String)]) async throws -> Answer {
        let request = NativeAuthHTTPRequest(
            method: "POST", url: authority.appendingPathComponent(String(path.dropFirst())),
            headers: [.init("Content-Type", "application/x-www-form-urlencoded")],
            body: Data(FormCodec.encode(pairs: fields).utf8))
        return try await send(request)
    }

    private func send(_ request: NativeAuthHTTPRequest) async throws -> Answer {
        let response = try await transport.send(request)
        let json = (try? JSONParser.parse(response.body)) ?? .null
        return Answer(status: response.statusCode, json: json)
    }

    /// An href resolved as MSAL iOS does (§1.9): relative to the authority's origin; an absolute
    /// href is refused here, since the demo talks to one server.
    private func resolve(_ href: String) -> URL? {
        guard href.hasPrefix("/"), var parts = URLComponents(url: authority, resolvingAgainstBaseURL: false) else { return nil }
        let split = href.split(separator: "?", maxSplits: 1)
        parts.percentEncodedPath = String(split.first ?? "")
        parts.percentEncodedQuery = split.count > 1 ? String(split[1]) : nil
        return parts.url
    }
}
