import Foundation
import Testing
@testable import NativeAuth

/// Link resolution (spec native-auth-v2 §1.9; issue 26 point 5) and the MSAL version profile.
@Suite("V2 links and profile")
struct V2LinkAndProfileTests {
    static func entry(_ href: String) -> Reply {
        V2R.hal(401, #"{"continuation_token":"CT-0","sign_in":"\#(href)"}"#)
    }

    @Test("a relative href resolves against the authority's origin, path and query kept")
    func relativeHrefs() async throws {
        let h = try V2Harness([Self.entry("/other-tenant/api/v2.0/signin/start?dc=ESTS-PUB-WUS2"), V2R.emailOnly])
        _ = await h.signIn()
        #expect(h.requests[1].url.absoluteString == "https://login.contoso.com/other-tenant/api/v2.0/signin/start?dc=ESTS-PUB-WUS2")
    }

    @Test("by default an absolute href to another origin, or over http, is followed as MSAL iOS does")
    func uncheckedAbsoluteHrefs() async throws {
        for href in ["https://evil.example/t/api/v2.0/signin/start", "http://login.contoso.com/t/api/v2.0/signin/start"] {
            let h = try V2Harness([Self.entry(href), V2R.emailOnly])
            _ = await h.signIn()
            #expect(h.requests.count == 3)
            #expect(h.requests.count > 1 && h.requests[1].url.absoluteString == href)
        }
    }

    @Test("with the same-origin policy, another origin or http is refused before anything is sent")
    func refusedAbsoluteHrefs() async throws {
        let options = MSALNativeAuthV2Options(linkPolicy: .sameOriginHTTPSOnly)
        for href in ["https://evil.example/t/api/v2.0/signin/start", "http://login.contoso.com/t/api/v2.0/signin/start",
                     "https://login.contoso.com:8443/t/x", "//evil.example/t/x", "ftp://login.contoso.com/t/x"] {
            let h = try V2Harness([Self.entry(href), V2R.emailOnly], options: options)
            let result = await h.signIn()
            #expect(result.error?.isGeneralError == true)
            #expect(result.error?.errorDescription?.hasPrefix("link refused") == true)
            #expect(h.requests.count == 1)
        }
        let h = try V2Harness([Self.entry("https://LOGIN.contoso.com:443/t/api/v2.0/signin/start"), V2R.emailOnly,
                               V2R.verify("CT-2", "email", id: "em")], options: options)
        guard case .codeRequired = await h.signIn() else { Issue.record("same origin refused"); return }
    }

    @Test("with the same-origin policy, an http authority (a local emulator) may use http links of its own origin only")
    func httpAuthorityUnderSameOriginPolicy() async throws {
        let options = MSALNativeAuthV2Options(linkPolicy: .sameOriginHTTPSOnly)
        let local = "http://127.0.0.1:8080/t"
        let h = try V2Harness([Self.entry("/t/api/v2.0/signin/start"), V2R.emailOnly, V2R.verify("CT-2", "email", id: "em")],
                              options: options, authority: local)
        guard case .codeRequired = await h.signIn() else { Issue.record("own http origin refused"); return }
        #expect(h.requests[1].url.absoluteString == "http://127.0.0.1:8080/t/api/v2.0/signin/start")
        let other = try V2Harness([Self.entry("http://127.0.0.1:9090/t/api/v2.0/signin/start")], options: options, authority: local)
        #expect(await other.signIn().error?.errorDescription == "link refused: link leaves the authority's origin")
        #expect(other.requests.count == 1)
    }

    @Test("2.18.1 (default) never sends an up-front password; 2.17 sends it when the single method is a password")
    func upfrontPasswordProfiles() async throws {
        let verifyPassword = V2R.verify("CT-2", "password", id: "pw-7f3a", codeLength: nil, resend: false)
        let latest = try V2Harness([V2R.entry, V2R.passwordOnly, verifyPassword])
        #expect(await latest.signIn(password: "Sunny-Day-42!").outcome.callback == "onPasswordRequired")
        #expect(latest.requests.count == 3)

        let older = try V2Harness([V2R.entry, V2R.passwordOnly, verifyPassword, V2R.proceed("CT-3")] + V2R.completion,
                                  options: MSALNativeAuthV2Options(profile: .iOS_2_17))
        #expect(await older.signIn(password: "Sunny-Day-42!").outcome == O("onFlowCompleted"))
        #expect(older.line(3).hasSuffix(#"{"continuationToken":"CT-2","password":"Sunny-Day-42!"}"#))
    }

    @Test("2.17: after a selection the up-front password is not sent; with only email it gives a code state")
    func upfrontPasswordAfterSelection() async throws {
        let options = MSALNativeAuthV2Options(profile: .iOS_2_17)
        let h = try V2Harness([V2R.entry, V2R.challenge("CT-1", [V2R.method("pw", "password"), V2R.method("em", "email")])], options: options)
        guard case .authMethodSelectionRequired(let state) = await h.signIn(password: "pw!") else { Issue.record("no selection"); return }
        h.transport.enqueue([V2R.verify("CT-2", "password", id: "pw", codeLength: nil)])
        #expect(await state.selectAuthMethod(state.authMethods[0]).outcome.callback == "onPasswordRequired")

        let email = try V2Harness([V2R.entry, V2R.emailOnly, V2R.verify("CT-2", "email", id: "em")], options: options)
        #expect(await email.signIn(password: "pw!").outcome.callback == "onCodeRequired")
    }

    @Test("an O1 error next to a token and the sign_in link: 2.18.1 follows the link, 2.17 fails")
    func entryErrorWithTokenAndLink() async throws {
        let body = V2R.hal(401, #"{"error":{"code":"invalidRequest","message":"InsufficientAuthorization"},"continuation_token":"CT-0","sign_in":"/t/api/v2.0/signin/start"}"#)
        let latest = try V2Harness([body, V2R.emailOnly, V2R.verify("CT-2", "email", id: "em")])
        #expect(await latest.signIn().outcome.callback == "onCodeRequired")
        let older = try V2Harness([body], options: MSALNativeAuthV2Options(profile: .iOS_2_17))
        #expect(await older.signIn().error?.errorDescription == "InsufficientAuthorization")
    }

    @Test("scopes and claims go to O1 and O17; the correlation id is the client-request-id of every call")
    func scopesClaimsAndCorrelation() async throws {
        let h = try V2Harness([V2R.entry, V2R.passwordOnly, V2R.verify("CT-2", "password", id: "pw", codeLength: nil)])
        let parameters = MSALNativeAuthSignInParametersV2(username: "alex@example.com")
        parameters.scopes = ["User.Read"]
        parameters.claimsRequest = try MSALClaimsRequest(jsonString: #"{"id_token":{"acrs":{"essential":true}}}"#)
        let id = try #require(UUID(uuidString: "5c0f0000-0000-4000-8000-000000000001"))
        parameters.correlationId = id
        guard case .passwordRequired(let state) = await h.app.signInV2(parameters: parameters) else { return }
        h.transport.enqueue([V2R.proceed("CT-3")] + V2R.completion)
        _ = await state.submitPassword(password: "x")
        let scope = "scope=User.Read+openid+profile+offline_access&claims=%7B%22id_token%22%3A%7B%22acrs%22%3A%7B%22essential%22%3Atrue%7D%7D%7D"
        #expect(h.line(0).hasSuffix("client_id=client-1&" + scope))
        #expect(h.line(5).hasSuffix("client_info=true&" + scope))
        #expect(h.requests.allSatisfy { $0.header("client-request-id") == id.uuidString.uppercased() })
    }
}
