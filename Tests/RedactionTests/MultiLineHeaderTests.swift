import Foundation
import HAR
import Testing

@testable import Redaction

/// Header values of several lines, as Chrome HAR Capturer, chrome-har, Firebug and Firefox 43
/// export repeated headers (`Set-Cookie: a=1; Path=/\nb=2`): each line is a header of its own.
@Suite("Multi-line header values")
struct MultiLineHeaderTests {
    static func redactor() throws -> ValueRedactor {
        ValueRedactor(rules: try CompiledRules(.nativeAuthDefaults), table: PlaceholderTable())
    }

    @Test("Every cookie of a multi-line Set-Cookie is redacted, its attributes kept")
    func redactsEveryCookieOfAMultiLineSetCookie() throws {
        var redactor = try Self.redactor()
        let value = "a=first-canary; Path=/; HttpOnly\nb=second-canary; Domain=.login.example.com\r\nc=; Path=/\nd=second-canary"
        let redacted = redactor.redactHeaderValue(name: "Set-Cookie", value: value)
        #expect(redacted == "a=REDACTED-cookie-1; Path=/; HttpOnly\nb=REDACTED-cookie-2; Domain=.login.example.com\r\nc=; Path=/\nd=REDACTED-cookie-2")
        #expect(redactor.counts["cookie"] == 3)
    }

    @Test("Every cookie of every line of a Cookie header is redacted")
    func redactsEveryCookieOfEveryCookieLine() throws {
        var redactor = try Self.redactor()
        #expect(redactor.redactHeaderValue(name: "cookie", value: "a=one-canary\nb=two-canary; c=three-canary")
            == "a=REDACTED-cookie-1\nb=REDACTED-cookie-2; c=REDACTED-cookie-3")
    }

    @Test("Each line of a Link, Location or Authorization value is handled as its own header")
    func redactsEachLineOfURLAndRuleHeaders() throws {
        var redactor = try Self.redactor()
        #expect(redactor.redactHeaderValue(name: "Link", value: "<https://a.example/x?code=1234>; rel=next\n<https://a.example/y?code=5678>; rel=prev")
            == "<https://a.example/x?code=REDACTED-code-1>; rel=next\n<https://a.example/y?code=REDACTED-code-2>; rel=prev")
        #expect(redactor.redactHeaderValue(name: "Authorization", value: "Bearer one-canary\nBasic two-canary")
            == "Bearer REDACTED-authorization-1\nBasic REDACTED-authorization-2")
        // The byte path looks up the rule first and calls this one: the same result.
        var again = try Self.redactor()
        _ = again.redactHeaderValue(name: "Link", value: "<https://a.example/x?code=1234>; rel=next\n<https://a.example/y?code=5678>; rel=prev")
        let rule = try #require(again.rules.headers["authorization"])
        #expect(again.redactHeaderValue(rule: rule, value: "Bearer one-canary\nBasic two-canary")
            == "Bearer REDACTED-authorization-1\nBasic REDACTED-authorization-2")
    }

    static let canaries = ["slice-canary-01", "sts-canary-0202", "Fpc-canary-0303", "req-cookie-canary-a", "req-cookie-canary-b", "req-cookie-canary-c", "81726354"]

    static func document() -> HARDocument {
        var entry = NativeAuthSamples.entry("/signin/v1.0/initiate", form: [("client_id", "x")], status: 200, json: "{}", index: 0)
        entry.request.headers.append(HARHeader(name: "Cookie", value: "a=req-cookie-canary-a\nb=req-cookie-canary-b; c=req-cookie-canary-c"))
        entry.response.headers += [
            HARHeader(
                name: "Set-Cookie",
                value: "x-ms-gateway-slice=slice-canary-01; path=/; secure; samesite=none; httponly\nstsservicecookie=sts-canary-0202; path=/; secure; samesite=none; httponly\nfpc=Fpc-canary-0303; expires=Mon, 28-Dec-2026 10:00:00 GMT; path=/; secure; HttpOnly\nold=; expires=Thu, 01-Jan-1970 00:00:00 GMT; path=/"),
            HARHeader(name: "Link", value: "<https://app.example/a?code=81726354>; rel=\"next\"\n<https://app.example/b>; rel=\"prev\""),
        ]
        return NativeAuthSamples.document([entry])
    }

    @Test("Multi-line Set-Cookie, Cookie and Link values leave no cookie or code on any layout, typed or streamed, and check finds none")
    func multiLineValuesOnEveryLayout() throws {
        let document = Self.document()
        for layout in HARLayout.allCases {
            let input = layout.bytes(document)
            let raw = try LeakScanner(canaries: Self.canaries).scan(bytes: input, file: "raw")
            #expect(Set(raw.filter { $0.detector == "canary" }.map(\.reason)).count == Self.canaries.count, "\(layout)")
            #expect(raw.contains { $0.detector == "secret-field" && $0.location.hasSuffix("response.headers[2].value") }, "\(layout)")
            let (typed, streamed) = try V2CanaryTests.bothPaths(input, label: "multi-line \(layout)")
            for output in [typed, streamed] {
                #expect(V2CanaryTests.survivors(output, Self.canaries).isEmpty, "\(layout): \(V2CanaryTests.survivors(output, Self.canaries))")
                let text = String(decoding: output, as: UTF8.self)
                #expect(text.contains("expires=Mon, 28-Dec-2026 10:00:00 GMT; path=/; secure; HttpOnly"), "\(layout): attributes lost")
                #expect(text.contains("old=; expires=Thu, 01-Jan-1970"), "\(layout): deleted cookie changed")
                let findings = try LeakScanner(canaries: Self.canaries).scan(bytes: output, file: "out")
                #expect(findings.isEmpty, "\(layout): \(findings)")
            }
            try StreamRedactionTests.expectSame(input, "multi-line \(layout)")
        }
    }

    @Test("check flags a multi-line Set-Cookie whose second cookie was left unredacted")
    func checkFlagsASecondCookieLine() throws {
        var entry = NativeAuthSamples.entry("/x", form: [], status: 200, json: "{}", index: 0)
        entry.response.headers.append(HARHeader(name: "Set-Cookie", value: "a=REDACTED-cookie-1; Path=/\nb=Unredacted0Session1Value2Here3; Path=/"))
        let findings = try LeakScanner().scan(bytes: HARWriter.bytes(NativeAuthSamples.document([entry])), file: "f")
        #expect(findings.contains { $0.detector == "secret-field" && $0.location.hasSuffix("response.headers[2].value") }, "\(findings)")
    }
}
