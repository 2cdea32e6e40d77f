import Foundation
import Testing
@testable import NativeAuth

/// The link policy on links that carry credentials past the entry (issue 26 point 5): a method's `challenge`
/// link (the continuation token) and a `verify` link (the token and the password). With `.unchecked` (MSAL iOS)
/// an absolute other-origin or `http:` href is followed; with `.sameOriginHTTPSOnly` it is refused and
/// nothing more is sent.
@Suite("V2 link policy on credential-bearing links")
struct V2LinkPolicyTests {
    static let elsewhere = ["https://evil.example/t/api/v2.0/auth/methods/password/pw/verify",
                            "http://login.contoso.com/t/api/v2.0/auth/methods/password/pw/verify"]

    /// A password `verify` answer whose verify link is `href`.
    static func verify(href: String) -> Reply {
        V2R.hal(#"{"state":"interactionRequired","action":"verify","continuationToken":"CT-2","id":"pw","type":"password","_links":{"verify":{"href":"\#(href)"}}}"#)
    }

    /// Signs in to the password-required state whose verify link is `href`; nil when it is not reached.
    static func passwordState(_ h: V2Harness) async -> MSALNativeAuthPasswordRequiredState? {
        guard case .passwordRequired(let state) = await h.signIn() else { return nil }
        return state
    }

    @Test("unchecked: a verify link to another origin or over http gets the password")
    func uncheckedVerifyLinkIsFollowed() async throws {
        for href in Self.elsewhere {
            let h = try V2Harness([V2R.entry, V2R.challenge("CT-1", [V2R.method("pw", "password")]), Self.verify(href: href)])
            let state = try #require(await Self.passwordState(h))
            h.transport.enqueue([V2R.proceed("CT-3")] + V2R.completion)
            _ = await state.submitPassword(password: "Sunny-Day-42!")
            #expect(h.requests.count > 3)
            #expect(h.line(3) == #"POST \#(href) {"continuationToken":"CT-2","password":"Sunny-Day-42!"}"#)
        }
    }

    @Test("same origin only: a verify link to another origin or over http is refused and the password is not sent")
    func sameOriginVerifyLinkIsRefused() async throws {
        let options = MSALNativeAuthV2Options(linkPolicy: .sameOriginHTTPSOnly)
        for href in Self.elsewhere {
            let h = try V2Harness([V2R.entry, V2R.challenge("CT-1", [V2R.method("pw", "password")]), Self.verify(href: href)],
                                  options: options)
            let state = try #require(await Self.passwordState(h))
            h.transport.enqueue([V2R.proceed("CT-3")] + V2R.completion)
            let result = await state.submitPassword(password: "Sunny-Day-42!")
            #expect(result.error?.isGeneralError == true)
            #expect(result.error?.errorDescription?.hasPrefix("link refused") == true)
            #expect(h.requests.count == 3)
            #expect(!h.requests.contains { String(decoding: $0.body, as: UTF8.self).contains("Sunny-Day-42!") })
        }
    }

    @Test("a method's challenge link elsewhere: followed unchecked, refused with nothing sent under same origin only")
    func challengeLink() async throws {
        for href in ["https://evil.example/t/challenge", "http://login.contoso.com/t/challenge"] {
            let method = V2R.method("em", "email", hint: "a***x@e*****e.com", href: href)
            let followed = try V2Harness([V2R.entry, V2R.challenge("CT-1", [method]), V2R.verify("CT-2", "email", id: "em")])
            _ = await followed.signIn()
            #expect(followed.requests.count == 3)
            #expect(followed.line(2) == #"POST \#(href) {"continuationToken":"CT-1"}"#)

            let refused = try V2Harness([V2R.entry, V2R.challenge("CT-1", [method]), V2R.verify("CT-2", "email", id: "em")],
                                        options: MSALNativeAuthV2Options(linkPolicy: .sameOriginHTTPSOnly))
            let result = await refused.signIn()
            #expect(result.error?.isGeneralError == true)
            #expect(refused.requests.count == 2)
        }
    }
}
