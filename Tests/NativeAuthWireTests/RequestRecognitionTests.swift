import Foundation
import Testing

@testable import NativeAuthWire

/// The one lenient recogniser of requests the tools share: V1 endpoints by ``NativeAuthEndpoint/recognise(path:)``,
/// V2's fixed paths and operations by ``V2Exchange``.
@Suite("Request recognition")
struct RequestRecognitionTests {
    @Test("a V1 path is recognised whatever its host, tenant, case, trailing slash, query and fragment")
    func recognisesV1PathsLeniently() {
        let cases: [(String, NativeAuthEndpoint?)] = [
            ("https://contoso.ciamlogin.com/contoso.onmicrosoft.com/signup/v1.0/start", .signUpStart),
            ("/contoso.onmicrosoft.com/OAuth2/v2.0/Token/", .token),
            ("/t/oauth2/v2.0/initiate?dc=ESTS-PUB-WUS2", .signInInitiate),
            ("/t/resetpassword/v1.0/poll_completion#x", .resetPasswordPollCompletion),
            ("http://127.0.0.1:8080/t/register/v1.0/introspect/", .registerIntrospect),
            ("/t/oauth2/v2.0/authorize-challenge", nil),
            ("/t/api/v2.0/signin/start", nil),
            ("/t/signup/v1.0/start/extra", nil),
            ("", nil),
        ]
        for (path, expected) in cases {
            #expect(NativeAuthEndpoint.recognise(path: path) == expected, "\(path)")
        }
        // The SDKs' own match stays exact.
        #expect(NativeAuthEndpoint(path: "/t/OAuth2/v2.0/token") == nil)
    }

    @Test("V2's fixed paths are recognised as leniently as V1's, and a V1 path is no fixed V2 path")
    func recognisesV2FixedPaths() {
        #expect(V2Exchange.fixedPath(of: "https://x.ciamlogin.com/t/oauth2/v2.0/authorize-challenge") == V2Path.authorizeChallenge)
        #expect(V2Exchange.fixedPath(of: "/t/OAUTH2/v2.0/Authorize-Challenge/?x=1") == V2Path.authorizeChallenge)
        #expect(V2Exchange.fixedPath(of: "/t/oauth2/v2.0/token#f") == V2Path.token)
        #expect(V2Exchange.fixedPath(of: "/t/oauth2/v2.0/initiate") == nil)
        #expect(V2Exchange.fixedPath(of: "/t/api/v2.0/signin/start") == nil)
        #expect(V2Exchange.isAuthorizeChallenge("/t/oauth2/v2.0/authorize-challenge?dc=1"))
        #expect(!V2Exchange.isAuthorizeChallenge("/t/oauth2/v2.0/token"))
    }

    @Test("a request is V2 by its path and body: O1, O2, O17, interactions; V1 traffic is not V2")
    func recognisesV2Operations() {
        func operation(
            _ path: String, token: String? = nil, grant: String? = nil, json: String? = nil, followsLink: Bool = false
        ) -> V2Exchange.Operation? {
            V2Exchange.operation(
                path: path, formContinuationToken: token, formGrantType: grant, jsonContinuationToken: json,
                followsLink: followsLink)
        }
        #expect(operation("/t/oauth2/v2.0/authorize-challenge") == .start)
        #expect(operation("/t/oauth2/v2.0/authorize-challenge/", token: "") == .start)
        #expect(operation("https://h/t/oauth2/v2.0/authorize-challenge?dc=1", token: "C") == .resume)
        #expect(operation("/t/oauth2/v2.0/token", grant: "authorization_code") == .codeExchange)
        #expect(operation("/t/oauth2/v2.0/token", grant: "password") == nil)
        #expect(operation("/t/oauth2/v2.0/token", grant: "password", followsLink: true) == nil)
        #expect(operation("/t/api/v2.0/signin/start", json: "C") == .interaction)
        #expect(operation("/t/api/v2.0/signin/start", followsLink: true) == .interaction)
        #expect(operation("/t/oauth2/v2.0/initiate") == nil)
        #expect(operation("/t/signup/v1.0/continue", token: "C", grant: "oob") == nil)
    }
}
