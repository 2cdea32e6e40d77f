import Foundation
import Testing

@testable import NativeAuth

@Suite("PKeyAuth challenges")
struct PKeyAuthTests {
    static func challenge(_ status: Int) -> Reply {
        var response = NativeAuthHTTPResponse(statusCode: status, json: #"{"error":"invalid_request"}"#)
        response.headers.append(NativeAuthHTTPHeader(
            "WWW-Authenticate", #"PKeyAuth Context="ctx-42", Version="1.0", Nonce="n1", CertAuthorities="x""#))
        return .response(response)
    }

    @Test("A 401 with a PKeyAuth challenge is answered and the request sent again once, with no wait")
    func challengeIsAnsweredOnce() async {
        let h = Harness([Self.challenge(401), R.token("ct1"), R.oob("ct2")])
        let outcome = await h.app.signIn(username: "u@c.com").outcome
        #expect(outcome.callback == "onSignInCodeRequired")
        let requests = h.transport.requests
        #expect(requests.count == 3)
        #expect(requests[0].headers.contains { $0.name == "Authorization" } == false)
        let answer = requests[1].headers.first { $0.name == "Authorization" }?.value
        #expect(answer == #"PKeyAuth Context="ctx-42", Version="1.0""#)
        #expect(requests[1].body == requests[0].body)
        #expect(h.clock.sleeps.isEmpty)
    }

    @Test("A second PKeyAuth challenge for the same request ends in a general error")
    func secondChallengeFails() async {
        let h = Harness([Self.challenge(400), Self.challenge(400)])
        let outcome = await h.app.signIn(username: "u@c.com").outcome
        #expect(outcome.error == "SignInStartError.generalError")
        #expect(h.transport.requests.count == 2)
    }

    @Test("A PKeyAuth resend does not use up the 5xx retry")
    func pkeyAuthAndServerErrorHaveSeparateBudgets() async {
        let h = Harness([Self.challenge(401), R.server500, R.token("ct1"), R.oob("ct2")])
        let outcome = await h.app.signIn(username: "u@c.com").outcome
        #expect(outcome.callback == "onSignInCodeRequired")
        #expect(h.transport.requests.count == 4)
    }
}
