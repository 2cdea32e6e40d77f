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

extension V2Journeys {
    /// The exchanges as a HAR document; answers' hrefs made absolute when `absoluteLinks` (as other
    /// tools' exports and some servers have them).
    static func document(_ exchanges: [V2Exchange], absoluteLinks: Bool = false) -> HARDocument {
        let host = "https://contoso.ciamlogin.com"
        let entries = exchanges.enumerated().map { index, exchange in
            let mime = exchange.isJSON ? "application/json" : "application/x-www-form-urlencoded"
            let request = HARRequest(
                method: exchange.method, url: host + exchange.path, headers: [HARHeader(name: "Content-Type", value: mime)],
                postData: HARPostData(mimeType: mime, text: exchange.request))
            var body = exchange.response
            if absoluteLinks {
                body = body.replacingOccurrences(of: "\"href\":\"/", with: "\"href\":\"\(host)/")
                    .replacingOccurrences(of: "\"sign_in\":\"/", with: "\"sign_in\":\"\(host)/")
            }
            let response = HARResponse(
                status: exchange.status, headers: [HARHeader(name: "Content-Type", value: "application/json")],
                content: HARContent(body: Array(body.utf8), mimeType: "application/json"))
            return HAREntry(
                startedDateTime: "2026-11-28T10:00:\(String(format: "%02d", index % 60)).000Z", time: 1, request: request,
                response: response)
        }
        return HARDocument(log: HARLog(creator: HARCreator(name: "v2-tests", version: "1"), entries: entries))
    }

    /// 2.2: email code chosen, a wrong code, a resend, then the new code.
    static var emailCode: [V2Exchange] {
        let base = tenant + "/api/v2.0/auth/methods/email/REDACTED-method_id-2"
        func verify(_ token: String) -> String {
            "{\"state\":\"interactionRequired\",\"action\":\"verify\",\"continuationToken\":\"\(token)\",\"id\":\"REDACTED-method_id-2\","
                + "\"type\":\"email\",\"hint\":\"a***@example.com\",\"codeLength\":8,"
                + "\"_links\":{\"verify\":{\"href\":\"\(base)/verify\"},\"resend\":{\"href\":\"\(base)/challenge\"}}}"
        }
        return [
            start("sign_in", path: "/api/v2.0/signin/start"),
            signInStart(method("REDACTED-method_id-1", "password") + "," + method("REDACTED-method_id-2", "email")),
            V2Exchange(
                path: base + "/challenge", request: "{\"continuationToken\":\"REDACTED-continuation_token-2\"}",
                response: verify("REDACTED-continuation_token-3")),
            V2Exchange(
                path: base + "/verify", request: "{\"continuationToken\":\"REDACTED-continuation_token-3\",\"otp\":\"REDACTED-otp-1\"}",
                status: 400,
                response: "{\"error\":{\"code\":\"invalidGrant\",\"message\":\"AADSTS50184: OTP is incorrect\","
                    + "\"innerError\":{\"code\":\"invalidOneTimeCode\"}}}"),
            V2Exchange(
                path: base + "/challenge", request: "{\"continuationToken\":\"REDACTED-continuation_token-3\"}",
                response: verify("REDACTED-continuation_token-4")),
            V2Exchange(
                path: base + "/verify", request: "{\"continuationToken\":\"REDACTED-continuation_token-4\",\"otp\":\"REDACTED-otp-2\"}",
                response: continued("REDACTED-continuation_token-5")),
        ] + resume("REDACTED-continuation_token-5")
    }
}
