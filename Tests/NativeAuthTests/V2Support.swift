import Foundation
import Testing
@testable import NativeAuth

/// Canned V2 answers shaped like spec native-auth-v2 §2 (tenant `t`, host `login.contoso.com`).
enum V2R {
    static let origin = "https://login.contoso.com"
    static let authority = origin + "/t"

    static func hal(_ status: Int, _ json: String) -> Reply {
        .response(NativeAuthHTTPResponse(statusCode: status, json: json))
    }

    static func hal(_ json: String) -> Reply { hal(200, json) }

    /// O1's 401 with the token and the flat entry links.
    static let entry = hal(401, #"{"continuation_token":"CT-0","sign_in":"/t/api/v2.0/signin/start","sign_up":"/t/api/v2.0/signup/start","reset_password":"/t/api/v2.0/resetpassword/start"}"#)

    static func method(_ id: String, _ type: String, hint: String? = nil, href: String? = nil) -> String {
        let hintPart = hint.map { #","hint":"\#($0)""# } ?? ""
        let link = href ?? "/t/api/v2.0/auth/methods/\(type)/\(id)/challenge"
        return #"{"id":"\#(id)","type":"\#(type)"\#(hintPart),"_links":{"challenge":{"href":"\#(link)"}}}"#
    }

    static func challenge(_ token: String, factor: String = "singleFactor", _ methods: [String]) -> Reply {
        hal(#"{"state":"interactionRequired","action":"challenge","continuationToken":"\#(token)","challengeContext":{"authenticationFactor":"\#(factor)"},"_embedded":{"methods":[\#(methods.joined(separator: ","))]}}"#)
    }

    static let passwordOnly = challenge("CT-1", [method("pw-7f3a", "password")])
    static let emailOnly = challenge("CT-1", [method("em-91c2", "email", hint: "a***x@e*****e.com")])

    static func verify(_ token: String, _ type: String, id: String, codeLength: Int? = 8, resend: Bool = true) -> Reply {
        let length = codeLength.map { #","codeLength":\#($0)"# } ?? ""
        let resendLink = resend ? #","resend":{"href":"/t/api/v2.0/auth/methods/\#(type)/\#(id)/challenge"}"# : ""
        return hal(#"{"state":"interactionRequired","action":"verify","continuationToken":"\#(token)","id":"\#(id)","type":"\#(type)","hint":"a***x@e*****e.com"\#(length),"_links":{"verify":{"href":"/t/api/v2.0/auth/methods/\#(type)/\#(id)/verify"}\#(resendLink)}}"#)
    }

    static func proceed(_ token: String) -> Reply {
        hal(#"{"state":"continue","continuationToken":"\#(token)","_links":{"continue":{"href":"/t/oauth2/v2.0/authorize-challenge"}}}"#)
    }

    static func error(_ code: String, inner: String? = nil, message: String, status: Int = 400) -> Reply {
        let innerPart = inner.map { #","innerError":{"code":"\#($0)"}"# } ?? ""
        return hal(status, #"{"error":{"code":"\#(code)","message":"\#(message)"\#(innerPart)}}"#)
    }

    static let wrongPassword = error("invalidGrant", inner: "invalidUserNameOrPassword", message: "AADSTS50126: Error validating credentials.")
    static let wrongCode = error("invalidGrant", inner: "invalidOneTimeCode", message: "AADSTS50184: OTP is incorrect.")
    static let code = hal(#"{"code":"AC-1.AQAB"}"#)
    /// The completion after a `continue`: O2's code, then O17's tokens.
    static let completion: [Reply] = [code, R.tokens()]
}

/// An application for V2 wired to canned replies.
struct V2Harness {
    let transport: CannedTransport
    let outcomes = OutcomeLog()
    let delivered = OutcomeLog()
    let app: MSALNativeAuthPublicClientApplication

    init(_ replies: [Reply] = [], options: MSALNativeAuthV2Options = MSALNativeAuthV2Options(),
         authority: String = V2R.authority) throws {
        transport = CannedTransport(replies)
        let environment = NativeAuthEnvironment(
            transport: transport, clock: ImmediateClock(), uuidSource: SeededUUIDSource(seed: 7),
            outcomeObserver: { [outcomes] in outcomes.append($0) },
            dispatchObserver: { [delivered] in delivered.append($0) })
        let authority = try #require(URL(string: authority))
        app = try MSALNativeAuthPublicClientApplication(
            clientId: "client-1", authority: authority, challengeTypes: [.OOB, .password], environment: environment,
            v2Options: options)
    }

    func signIn(_ username: String = "alex@example.com", password: String? = nil) async -> MSALNativeAuthV2Result {
        let parameters = MSALNativeAuthSignInParametersV2(username: username)
        parameters.password = password
        return await app.signInV2(parameters: parameters)
    }

    var requests: [NativeAuthHTTPRequest] { transport.requests }

    /// `METHOD url body` of request `index`, for exact comparisons.
    func line(_ index: Int) -> String {
        guard index < requests.count else { return "no request \(index)" }
        let request = requests[index]
        return "\(request.method) \(request.url.absoluteString) \(String(decoding: request.body, as: UTF8.self))"
    }
}
