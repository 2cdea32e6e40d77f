import Foundation
import Testing

@testable import Fuzz

@Suite("Credential egress: credentials sent outside the authority's origin or over http")
struct EgressTests {
    static let authority = URL(string: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")!
    static let api = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com/api/v2.0"
    static let json = [("Content-Type", "application/json")]
    static let form = [("Content-Type", "application/x-www-form-urlencoded")]

    typealias Request = (url: String, headers: [(String, String)], body: [UInt8])

    static func request(_ url: String, _ headers: [(String, String)] = json, _ body: String) -> Request {
        (url, headers, Array(body.utf8))
    }

    static func egress(_ requests: [Request], authority: URL = authority) -> CredentialEgress {
        CredentialEgress(authority: authority, requests: requests)
    }

    @Test("requests to the authority's origin are no egress, whatever they carry")
    func sameOriginIsClean() {
        let verdict = Self.egress([
            Self.request(Self.api + "/auth/methods/password/pw-7f3a/verify", Self.json,
                         #"{"continuationToken":"CT-2","password":"Sunny-Day-42!"}"#),
            Self.request("https://CONTOSO.ciamlogin.com:443/contoso.onmicrosoft.com/oauth2/v2.0/token", Self.form,
                         "grant_type=authorization_code&code=AC-1&client_info=true"),
        ])
        #expect(!verdict.isEgress)
        #expect(verdict.reportLine(caseId: "1:2", step: "verify") == nil)
    }

    @Test("a V2 JSON body sent to another host names its credential kinds, in kind order")
    func otherHostJSON() {
        let verdict = Self.egress([
            Self.request(Self.api + "/signin/start", Self.json, #"{"username":"alex@example.com","continuationToken":"CT-0"}"#),
            Self.request("https://evil.example/t/verify", Self.json, #"{"password":"Sunny-Day-42!","continuationToken":"CT-2"}"#),
        ])
        #expect(verdict.leaks == [CredentialEgress.Leak(request: 1, origin: "https://evil.example", reason: .otherOrigin,
                                                       kinds: [.continuationToken, .password])])
        #expect(verdict.kinds == [.continuationToken, .password])
    }

    @Test("every V2 credential member counts: otp, newPassword, a nested attributes.password, an O15 code")
    func everyJSONKind() {
        let other = "https://login.contoso.com:8443/t"
        let verdict = Self.egress([
            Self.request(other + "/sms/verify", Self.json, #"{"continuationToken":"CT-5","otp":"204918"}"#),
            Self.request(other + "/update", Self.json, #"{"continuationToken":"CT-7","newPassword":"N3w-Secret!"}"#),
            Self.request(other + "/attributes", Self.json, #"{"continuationToken":"CT-3","attributes":{"displayName":"A","password":"pw"}}"#),
            Self.request(other + "/activate", Self.json, #"{"continuationToken":"CT-8","code":"1234"}"#),
        ])
        #expect(verdict.leaks.map(\.kinds) == [[.continuationToken, .otp], [.continuationToken, .newPassword],
                                               [.continuationToken, .password], [.continuationToken, .code]])
        #expect(verdict.leaks.allSatisfy { $0.origin == "https://login.contoso.com:8443" && $0.reason == .otherOrigin })
    }

    @Test("the form bodies of O2 and O17 count: continuation_token, the authorization code, a refresh token")
    func formBodies() {
        let verdict = Self.egress([
            Self.request("https://evil.example/t/oauth2/v2.0/authorize-challenge", Self.form, "continuation_token=CT-5"),
            Self.request("https://evil.example/t/oauth2/v2.0/token", Self.form,
                         "grant_type=authorization_code&code=AC-1.AQAB&client_id=c&client_info=true&scope=openid"),
            Self.request("https://evil.example/t/oauth2/v2.0/token", Self.form, "grant_type=refresh_token&refresh_token=RT-1"),
        ])
        #expect(verdict.leaks.map(\.kinds) == [[.continuationToken], [.code], [.token]])
    }

    @Test("http to the authority's host is egress when the authority is https, not when the authority is http")
    func plainHTTP() {
        let request = Self.request("http://contoso.ciamlogin.com/contoso.onmicrosoft.com/api/v2.0/signin/start", Self.json,
                                   #"{"continuationToken":"CT-0"}"#)
        let verdict = Self.egress([request])
        #expect(verdict.leaks.map(\.reason) == [.plainHTTP])
        #expect(verdict.leaks.map(\.origin) == ["http://contoso.ciamlogin.com"])
        let local = URL(string: "http://127.0.0.1:8080/t")!
        #expect(!Self.egress([Self.request("http://127.0.0.1:8080/t/api/v2.0/signin/start", Self.json, #"{"continuationToken":"CT-0"}"#)],
                             authority: local).isEgress)
        #expect(Self.egress([Self.request("http://127.0.0.1:9090/t/x", Self.json, #"{"continuationToken":"CT-0"}"#)],
                            authority: local).leaks.map(\.reason) == [.otherOrigin])
    }

    @Test("a request to another origin that carries no credential, or only empty ones, is no egress")
    func nothingCarried() {
        let verdict = Self.egress([
            Self.request("https://evil.example/t/x", Self.json, #"{"username":"alex@example.com","continuationToken":""}"#),
            Self.request("https://evil.example/t/y", [], ""),
            Self.request("https://evil.example/t/z", Self.form, "grant_type=refresh_token&refresh_token="),
        ])
        #expect(!verdict.isEgress)
    }

    @Test("an Authorization header is a token")
    func authorizationHeader() {
        let verdict = Self.egress([Self.request("https://evil.example/t/x", [("authorization", "Bearer AT-1")], "")])
        #expect(verdict.kinds == [.token])
    }

    @Test("the report line names the case, the step, kinds, origin and reason, and no value")
    func reportLine() throws {
        let verdict = Self.egress([
            Self.request("https://evil.example:8443/t/verify?ct=CT-2", Self.json, #"{"continuationToken":"CT-2","otp":"204918"}"#),
            Self.request("http://contoso.ciamlogin.com/t/oauth2/v2.0/token", Self.form, "grant_type=authorization_code&code=AC-1"),
        ])
        let line = try #require(verdict.reportLine(caseId: "7:1234", step: "signIn verify"))
        #expect(line == "egress: 7:1234 at signIn verify: continuationToken, otp to https://evil.example:8443 (other origin); "
                + "code to http://contoso.ciamlogin.com (http)")
        for value in ["CT-2", "204918", "AC-1", "/t/verify"] { #expect(!line.contains(value)) }
    }

    @Test("the verdict reads the requests an engine sent, as the campaign records them")
    func fromSentRequests() {
        let sent = [
            SentRequest(url: "https://evil.example/t/verify", headers: [.init("Content-Type", "application/json")],
                        body: Array(#"{"continuationToken":"CT-2","otp":"1"}"#.utf8), continuationToken: nil, served: nil, action: 2),
        ]
        #expect(CredentialEgress(authority: Self.authority, sent: sent).kinds == [.continuationToken, .otp])
        #expect(!CredentialEgress(authority: EngineOutcomeSource.authority, sent: []).isEgress)
    }
}
