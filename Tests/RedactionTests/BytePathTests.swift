import Foundation
import HAR
import Testing

@testable import Redaction

/// The leak scan and the redaction answer some questions on bytes when the text lets them
/// (ASCII, no CR LF pair) and on characters otherwise: both ways must give the same answer.
/// Each shape below is asked both ways, and a few answers are also spelled out.
@Suite("Byte paths give the character paths' answers")
struct BytePathTests {
    static let headerValues = [
        "", " ", "Bearer REDACTED-authorization-1", "Bearer eyJhbGciOiJIUzI1NiJ9abcdefgh",
        "a=REDACTED-cookie-1; b=REDACTED-cookie-2", "a=; Path=/", "name=",
        "esctx=REDACTED-cookie-1; domain=.login.microsoftonline.com; path=/common/oauth2/v2.0/authorize",
        "fpc=AZ1VKQfByp7akBDsWlIlIIQ1RZkZLnFOfALhUg5p6c7rouOP; expires=Mon, 22-Dec-2026 10:00:00 GMT; path=/",
        "a=REDACTED-cookie-1; Path=/\nb=REDACTED-cookie-2; Domain=averyveryverylongdomain.example",
        "a=REDACTED-cookie-1\nb=0123456789abcdefghij", "a=REDACTED-cookie-1\r\nb=0123456789abcdefghij",
        "a=REDACTED-cookie-1\rb=short", "x=\"REDACTED-cookie-3\", y=\t0123456789abcdefg", "REDACTED-Cookie-1",
        "REDACTED-cookie-", "REDACTED--1", "k=REDACTED-cookie-1x", ";;,,==", "a=b=c=0123456789abcdefXYZ",
        "café=REDACTED-cookie-1; é=0123456789abcdefghij", "a=REDACTED-cookie-1;\u{301}0123456789abcdefghij",
    ]

    @Test("The header-value verdict on bytes is the verdict on characters, for Set-Cookie and other headers")
    func headerValueVerdictsAgree() {
        for value in Self.headerValues {
            for name in [nil, "cookie", "set-cookie", "authorization"] as [String?] {
                #expect(
                    LeakWalker.isRedactedHeaderValue(value, fieldName: name)
                        == LeakWalker.isRedactedHeaderValueByCharacters(value, fieldName: name),
                    "\(value.debugDescription) as \(name ?? "-")")
            }
        }
        #expect(LeakWalker.isRedactedHeaderValue("a=REDACTED-cookie-1; Path=/\nb=REDACTED-cookie-2", fieldName: "set-cookie"))
        #expect(!LeakWalker.isRedactedHeaderValue("a=REDACTED-cookie-1\nb=0123456789abcdefghij", fieldName: "cookie"))
        #expect(LeakWalker.isRedactedHeaderValue("a=; Path=/", fieldName: "set-cookie"))
        #expect(!LeakWalker.isRedactedHeaderValue("Bearer eyJhbGciOiJIUzI1NiJ9abcdefgh", fieldName: "authorization"))
    }

    @Test("A placeholder is told on bytes as on text")
    func placeholderOnBytes() {
        for text in ["REDACTED-a-1", "REDACTED-cookie-12", "REDACTED-", "REDACTED-a-", "REDACTED--1", "REDACTED-A-1", "REDACTED-a-1x", "x", "REDACTED-méthod-1"] {
            var copy = text
            #expect(copy.withUTF8 { PlaceholderTable.isPlaceholder(bytes: $0) } == PlaceholderTable.isPlaceholder(text), "\(text)")
        }
    }

    @Test("The form part of a text is what splitting at the first '?' gives, in ASCII and other text")
    func queryPartIsTheSplit() {
        for text in ["a=1", "?a=1", "a=1?", "?", "/p?a=1&b=2", "/p?a=1?b=2", "abc??", "x", "/é?a=1", "\u{600}?a=1", "?\u{301}a=1", "é"] {
            #expect(LeakWalker.queryPart(text) == (text.split(separator: "?", maxSplits: 1).last ?? Substring(text)), "\(text.debugDescription)")
        }
    }

    @Test("Trimming and media-type essences on bytes are Foundation's")
    func trimmingAgreesWithFoundation() {
        for text in ["", " ", "\t a \t", "name", " name ", "\u{A0}name", "name\u{A0}", " na me ", "n\u{301} ", "\u{2003}x\u{2003}"] {
            #expect(ASCIIText.trimmingWhitespace(Substring(text)) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
        for type in ["application/json; charset=utf-8", "Application/JSON", ";text/html", " ; x", ";;", "", "  Text/Plain  ;q=1", "text/plaïn; x", "TEXT/\u{130}"] {
            let foundation = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            #expect(ASCIIText.mediaTypeEssence(type) == foundation, "\(type.debugDescription)")
        }
    }

    @Test("Names are lowercased on bytes as lowercased() does it")
    func lowercasingAgrees() {
        for name in ["content-type", "Content-Type", "X-MS-Request-ID", "", "Ünïcode-Name", "İd", "ABC_def-9"] {
            #expect(LeakWalker.lowercased(name) == name.lowercased(), "\(name)")
        }
    }

    @Test("A long token is cut around real placeholders only; a prefix that is not one stays a piece")
    func piecesAroundPlaceholders() {
        let pieces = { (text: String) in LeakDetectors.piecesAroundPlaceholders(Substring(text)).map(String.init) }
        #expect(pieces("abcdefgh") == ["abcdefgh"])
        #expect(pieces("/methods/email/REDACTED-method_id-2/verify") == ["/methods/email/", "/verify"])
        #expect(pieces("REDACTED-a-1REDACTED-b-22/tail") == ["", "", "/tail"])
        // The kind runs on over lower-case letters and digits: `-tail` is not a number.
        #expect(pieces("REDACTED-a-1REDACTED-b-22tail") == ["", "", "REDACTED-b-22tail", ""])
        #expect(pieces("headREDACTED-abc-tail") == ["head", "REDACTED-abc-tail", ""])
        #expect(pieces("headREDACTED-abc-7Tail") == ["head", "Tail"])
        #expect(pieces("REDACTED-") == ["", "REDACTED-", ""])
    }

    @Test("Watched field names are found by bytes, and names of their lengths that are not watched are not")
    func watchedNames() {
        #expect(LeakDetectors.watchedKind("code") == .code)
        #expect(LeakDetectors.watchedKind("hint") == .masked)
        #expect(LeakDetectors.watchedKind("continuationtoken") == .secret)
        for name in ["name", "text", "host", "Code", "codes", "passwor", "password ", "", "cookie\u{301}"] {
            #expect(LeakDetectors.watchedKind(name) == nil, "\(name)")
        }
    }
}
