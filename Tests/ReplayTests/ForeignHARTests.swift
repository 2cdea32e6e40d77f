import Foundation
import HAR
import Testing
import Replay

@Suite("Foreign HAR shapes")
struct ForeignHARTests {
    static let client = "11111111-2222-4333-8444-555555555555"

    @Test("A mitmproxy export of a reset-password flow replays and passes")
    func mitmproxyResetPassword() async throws {
        let authority = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"
        let common = "client_id=\(Self.client)"
        let har = mitmproxyHAR([
            RawExchange(url: authority + "/resetpassword/v1.0/start",
                        form: common + "&username=REDACTED-username-1&challenge_type=oob+redirect", status: 200,
                        body: Bodies.token("REDACTED-continuation_token-1")),
            RawExchange(url: authority + "/resetpassword/v1.0/challenge",
                        form: common + "&continuation_token=REDACTED-continuation_token-1&challenge_type=oob%20redirect",
                        status: 200, body: Bodies.oob("REDACTED-continuation_token-2")),
            RawExchange(url: authority + "/resetpassword/v1.0/challenge",
                        form: common + "&continuation_token=REDACTED-continuation_token-2&challenge_type=oob+redirect",
                        status: 200, body: Bodies.oob("REDACTED-continuation_token-3")),
        ])
        let document = try HARReader.read(bytes: Array(har.utf8), source: "mitm.har")
        let script = ScriptInference.script(of: document, path: "mitm.har")
        #expect(script.flows.count == 1)
        #expect(script.flows[0].steps.map(\.action.name) == ["resetPassword", "resendCode"])
        let result = await ReplayRunner().replay(script)
        #expect(result.passed, "\(result.flows.flatMap(\.steps).flatMap(\.diagnostics))")
        #expect(result.flows[0].steps[1].actual?.callback == "onResetPasswordResendCodeRequired")
        #expect(result.flows[0].steps[1].actual?.newStateToken == "REDACTED-continuation_token-3")
    }

    @Test("A Chrome export with a custom domain, a tenant id path and page traffic replays a code sign-in")
    func chromeCodeSignIn() async throws {
        let authority = "https://login.contoso.com/aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"
        let common = "client_id=\(Self.client)"
        let har = chromeHAR([
            RawExchange(url: authority + "/oauth2/v2.0/initiate",
                        form: common + "&username=REDACTED-username-1&challenge_type=oob+redirect", status: 200,
                        body: Bodies.token("REDACTED-continuation_token-1")),
            RawExchange(url: authority + "/oauth2/v2.0/challenge",
                        form: common + "&continuation_token=REDACTED-continuation_token-1&challenge_type=oob+redirect",
                        status: 200, body: Bodies.oob("REDACTED-continuation_token-2")),
            RawExchange(url: authority + "/oauth2/v2.0/token",
                        form: common + "&continuation_token=REDACTED-continuation_token-2&grant_type=oob"
                            + "&scope=api%3A%2F%2Fcontoso%2Fread+openid+profile+offline_access&oob=REDACTED-oob-1"
                            + "&client_info=true",
                        status: 200, body: Bodies.tokens),
        ])
        let document = try HARReader.read(bytes: Array(har.utf8), source: "chrome.har")
        let script = ScriptInference.script(of: document, path: "chrome.har")
        #expect(script.configuration?.authority == authority)
        #expect(script.configuration?.scopes == ["api://contoso/read"])
        let actions = script.flows.flatMap(\.steps).map(\.action)
        #expect(actions == [.signIn(username: "REDACTED-username-1", password: nil, scopes: ["api://contoso/read"]),
                            .submitCode(code: "REDACTED-oob-1")])
        let result = await ReplayRunner().replay(script)
        #expect(result.passed, "\(result.flows.flatMap(\.steps).flatMap(\.diagnostics))")
        #expect(result.flows[0].steps.map { $0.actual?.callback } == ["onSignInCodeRequired", "onSignInCompleted"])
    }
}
