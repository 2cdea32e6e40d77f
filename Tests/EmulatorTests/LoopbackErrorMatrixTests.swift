import AsyncHTTPClient
import Foundation
import NativeAuthWire
import Testing

@testable import Emulator

/// Every endpoint, over real HTTP, for the errors that need no flow state.
@Suite("Loopback error matrix")
struct LoopbackErrorMatrixTests {
    static let client = "11111111-2222-4333-8444-555555555555"

    static func baseFields(_ endpoint: NativeAuthEndpoint) -> [(String, String)] {
        switch endpoint {
        case .signUpStart:
            [("username", "fresh@contoso.com"), ("challenge_type", "oob password redirect")]
        case .signInInitiate, .resetPasswordStart:
            [("username", "alex@contoso.com"), ("challenge_type", "oob password redirect")]
        case .registerChallenge:
            [("continuation_token", "garbage"), ("challenge_target", "a@contoso.com"), ("challenge_type", "oob")]
        default:
            [("continuation_token", "garbage"), ("grant_type", "oob"), ("oob", "12345678"), ("new_password", "Xx-12345678")]
        }
    }

    @Test("every endpoint refuses unknown and disabled clients, garbage tokens and lists without redirect")
    func matrix() async throws {
        try await LoopbackTests.withEmulator { running, http in
            let authority = running.authorityURL.absoluteString
            for endpoint in NativeAuthEndpoint.allCases {
                let url = authority + endpoint.path
                let fields = Self.baseFields(endpoint)
                let unknown = try await LoopbackTests.send(
                    http, url, form: [("client_id", "99999999-9999-4999-8999-999999999999")] + fields)
                #expect(unknown.status == 400, "\(endpoint)")
                #expect(unknown["error"] == "unauthorized_client", "\(endpoint)")
                let disabled = try await LoopbackTests.send(
                    http, url, form: [("client_id", "33333333-4444-4555-8666-777777777777")] + fields)
                #expect(disabled["error"] == "invalid_client", "\(endpoint)")
                #expect(disabled["suberror"] == "nativeauthapi_disabled", "\(endpoint)")
                let ok = try await LoopbackTests.send(http, url, form: [("client_id", Self.client)] + fields)
                if endpoint.takesContinuationToken {
                    #expect(ok["error"] == "invalid_request", "\(endpoint)")
                    #expect(ok.json["error_codes"]?.arrayValue?.first?.intValue == 55200, "\(endpoint)")
                } else {
                    #expect(ok.status == 200, "\(endpoint)")
                    let noRedirect = try await LoopbackTests.send(
                        http, url, form: [("client_id", Self.client), ("username", "alex@contoso.com"), ("challenge_type", "oob password")])
                    #expect(noRedirect.json["error_codes"]?.arrayValue?.first?.intValue == 901007, "\(endpoint)")
                }
                for key in ["error_description", "timestamp", "trace_id", "correlation_id"] {
                    #expect(unknown[key] != nil, "\(endpoint) \(key)")
                }
            }
        }
    }

    @Test("a GET on a native-auth endpoint is refused with 405")
    func wrongMethod() async throws {
        try await LoopbackTests.withEmulator { running, http in
            let reply = try await LoopbackTests.send(http, running.authorityURL.absoluteString + "/oauth2/v2.0/token", method: .GET)
            #expect(reply.status == 405)
        }
    }
}
