import Foundation
import Testing

@testable import NativeAuthWire

@Suite("Endpoints and authorities")
struct NativeAuthEndpointTests {
    @Test("there are fifteen endpoints with distinct paths and mock keys")
    func fifteenDistinctEndpoints() {
        #expect(NativeAuthEndpoint.allCases.count == 15)
        #expect(Set(NativeAuthEndpoint.allCases.map(\.path)).count == 15)
        #expect(Set(NativeAuthEndpoint.allCases.map(\.mockAPIKey)).count == 15)
        for endpoint in NativeAuthEndpoint.allCases {
            #expect(NativeAuthEndpoint(mockAPIKey: endpoint.mockAPIKey) == endpoint)
        }
    }

    @Test("paths are recognised whatever the host, tenant, query and fragment")
    func recognisesPaths() {
        let cases: [(String, NativeAuthEndpoint)] = [
            ("https://contoso.ciamlogin.com/contoso.onmicrosoft.com/signup/v1.0/start", .signUpStart),
            ("/contoso.onmicrosoft.com/oauth2/v2.0/initiate", .signInInitiate),
            ("http://127.0.0.1:8080/aaaabbbb-0000-4000-8000-123456789abc/oauth2/v2.0/token?dc=ESTS-PUB", .token),
            ("https://login.contoso.com/testTenant/resetpassword/v1.0/poll_completion#x", .resetPasswordPollCompletion),
            ("/register/v1.0/challenge", .registerChallenge),
            ("https://mock.example/1234/oauth2/v2.0/introspect", .signInIntrospect),
            ("/t/register/v1.0/introspect", .registerIntrospect),
        ]
        for (path, expected) in cases {
            #expect(NativeAuthEndpoint(path: path) == expected, "\(path)")
        }
    }

    @Test("unknown, partial or case-changed paths are not recognised")
    func rejectsOtherPaths() {
        for path in [
            "/contoso.onmicrosoft.com/signup/v1.0/begin", "/signup/v1.0", "/resetpassword/v1.0/complete",
            "/SIGNUP/v1.0/start", "/signup/v1.0/start/", "https://host", "",
            "https://host/x?next=/signup/v1.0/start",
        ] {
            #expect(NativeAuthEndpoint(path: path) == nil, "\(path)")
        }
    }

    @Test("match separates the authority prefix from the endpoint")
    func matchGivesPrefix() throws {
        let match = try #require(
            NativeAuthEndpoint.match(path: "https://h/contoso.onmicrosoft.com/oauth2/v2.0/challenge"))
        #expect(match.endpoint == .signInChallenge)
        #expect(match.prefix == "/contoso.onmicrosoft.com")
    }

    @Test("flows group the endpoints as the spec does")
    func flowsGroupEndpoints() {
        let byFlow = Dictionary(grouping: NativeAuthEndpoint.allCases, by: \.flow).mapValues(\.count)
        #expect(byFlow == [.signUp: 3, .signIn: 2, .mfa: 1, .token: 1, .registration: 3, .resetPassword: 5])
        #expect(NativeAuthEndpoint.allCases.filter { !$0.takesContinuationToken }.count == 3)
    }
}
