import Foundation
import HAR
import NativeAuth

/// One V2 exchange of a test journey: the request as the engine sends it and the answer.
struct V2Exchange: Sendable {
    var method = "POST"
    var path: String
    /// The request body: a form or a JSON object, as text.
    var request: String
    var status = 200
    var response: String

    var isJSON: Bool { request.hasPrefix("{") }
}

/// V2 journeys of spec native-auth-v2 §2 with placeholder values, as the engine sends them.
enum V2Journeys {
    static let authority = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"
    static let tenant = "/contoso.onmicrosoft.com"
    static let clientId = "11111111-2222-4333-8444-555555555555"
    static let clientInfo = "eyJ1aWQiOiJ1MSIsInV0aWQiOiJ0MSJ9"
    static let tokens =
        "{\"token_type\":\"Bearer\",\"scope\":\"openid profile offline_access\",\"expires_in\":3600,"
        + "\"access_token\":\"REDACTED-access_token-1\",\"refresh_token\":\"REDACTED-refresh_token-1\","
        + "\"id_token\":\"REDACTED-id_token-1\",\"client_info\":\"\(clientInfo)\"}"

    static func start(_ relation: String, path: String) -> V2Exchange {
        V2Exchange(
            path: tenant + "/oauth2/v2.0/authorize-challenge",
            request: "client_id=\(clientId)&scope=openid+profile+offline_access", status: 401,
            response: "{\"continuation_token\":\"REDACTED-continuation_token-1\",\"\(relation)\":\"\(tenant)\(path)\"}")
    }

    static func signInStart(_ methods: String) -> V2Exchange {
        V2Exchange(
            path: tenant + "/api/v2.0/signin/start",
            request: "{\"username\":\"REDACTED-username-1\",\"continuationToken\":\"REDACTED-continuation_token-1\"}",
            response: "{\"state\":\"interactionRequired\",\"action\":\"challenge\",\"continuationToken\":\"REDACTED-continuation_token-2\","
                + "\"challengeContext\":{\"authenticationFactor\":\"singleFactor\"},\"_embedded\":{\"methods\":[\(methods)]}}")
    }

    static func method(_ id: String, _ type: String, area: String = "auth/methods") -> String {
        "{\"id\":\"\(id)\",\"type\":\"\(type)\",\"hint\":\"a***@example.com\",\"_links\":{\"challenge\":{\"href\":\"\(tenant)/api/v2.0/\(area)/\(type)/\(id)/challenge\"}}}"
    }

    static func resume(_ token: String) -> [V2Exchange] {
        [
            V2Exchange(
                path: tenant + "/oauth2/v2.0/authorize-challenge", request: "continuation_token=\(token)",
                response: "{\"code\":\"REDACTED-code-1\"}"),
            V2Exchange(
                path: tenant + "/oauth2/v2.0/token",
                request: "grant_type=authorization_code&code=REDACTED-code-1&client_id=\(clientId)&client_info=true"
                    + "&scope=openid+profile+offline_access",
                response: tokens),
        ]
    }

    static func continued(_ token: String) -> String {
        "{\"state\":\"continue\",\"continuationToken\":\"\(token)\"}"
    }

    /// 2.1: password chosen among password and email, a wrong password, then the right one.
    static var password: [V2Exchange] {
        let base = tenant + "/api/v2.0/auth/methods/password/REDACTED-method_id-1"
        return [
            start("sign_in", path: "/api/v2.0/signin/start"),
            signInStart(method("REDACTED-method_id-1", "password") + "," + method("REDACTED-method_id-2", "email")),
            V2Exchange(
                path: base + "/challenge", request: "{\"continuationToken\":\"REDACTED-continuation_token-2\"}",
                response: "{\"state\":\"interactionRequired\",\"action\":\"verify\",\"continuationToken\":\"REDACTED-continuation_token-3\","
                    + "\"id\":\"REDACTED-method_id-1\",\"type\":\"password\",\"_links\":{\"verify\":{\"href\":\"\(base)/verify\"}}}"),
            V2Exchange(
                path: base + "/verify",
                request: "{\"continuationToken\":\"REDACTED-continuation_token-3\",\"password\":\"REDACTED-password-1\"}",
                status: 400,
                response: "{\"error\":{\"code\":\"invalidGrant\",\"message\":\"AADSTS50126: Error validating credentials\","
                    + "\"innerError\":{\"code\":\"invalidUserNameOrPassword\"}}}"),
            V2Exchange(
                path: base + "/verify",
                request: "{\"continuationToken\":\"REDACTED-continuation_token-3\",\"password\":\"REDACTED-password-2\"}",
                response: continued("REDACTED-continuation_token-4")),
        ] + resume("REDACTED-continuation_token-4")
    }
}

/// A transport answering a journey's exchanges in order, keeping what was sent; a request past the end fails.
final class CannedTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private let answers: [V2Exchange]
    private var sentRequests: [NativeAuthHTTPRequest] = []

    init(_ answers: [V2Exchange]) { self.answers = answers }

    var sent: [NativeAuthHTTPRequest] { lock.withLock { sentRequests } }

    func send(_ request: NativeAuthHTTPRequest) async throws -> NativeAuthHTTPResponse {
        let answer: V2Exchange? = lock.withLock {
            sentRequests.append(request)
            return sentRequests.count <= answers.count ? answers[sentRequests.count - 1] : nil
        }
        guard let answer else { throw TransportError(.other, message: "no canned answer left") }
        return NativeAuthHTTPResponse(
            statusCode: answer.status, headers: [NativeAuthHTTPHeader("Content-Type", "application/json")],
            body: Data(answer.response.utf8))
    }
}
