import Testing

@testable import Inspector

@Suite("Redaction placeholders in capture text")
struct PlaceholdersTests {
    @Test("A placeholder inside JSON text is cut out whole, with the text around it kept")
    func placeholderInJSON() {
        let segments = Placeholders.segments(#"{"continuation_token": "REDACTED-continuation_token-12"}"#)
        #expect(segments == [
            .init(text: #"{"continuation_token": ""#, isPlaceholder: false),
            .init(text: "REDACTED-continuation_token-12", isPlaceholder: true),
            .init(text: #""}"#, isPlaceholder: false),
        ])
    }

    @Test("A kind with hyphens is part of the placeholder, and the number ends it")
    func hyphenatedKinds() {
        #expect(Placeholders.names(in: "id=REDACTED-client-request-id-3&x") == ["REDACTED-client-request-id-3"])
        #expect(Placeholders.names(in: "REDACTED-x-1-foo") == ["REDACTED-x-1"])
        #expect(Placeholders.names(in: "a REDACTED-password-1, REDACTED-password-1 and REDACTED-oob-2")
            == ["REDACTED-password-1", "REDACTED-oob-2"])
    }

    @Test("Text that only looks like the start of a placeholder is plain text")
    func nearMisses() {
        for text in ["REDACTED-password", "REDACTED--1", "REDACTED-", "redacted-password-1", "REDACTED-pass word-1"] {
            #expect(Placeholders.names(in: text).isEmpty, "\(text)")
        }
    }

    @Test("Markup escapes the text around placeholders and gives one placeholder one colour everywhere")
    func markupEscapesAndColours() {
        let html = Placeholders.markup("<b>REDACTED-jwt-1</b>")
        let colour = Placeholders.colour(of: "REDACTED-jwt-1")
        #expect(html == #"&lt;b&gt;<mark class="ph phc\#(colour)" data-ph="REDACTED-jwt-1">REDACTED-jwt-1</mark>&lt;/b&gt;"#)
        #expect(Placeholders.markup("x REDACTED-jwt-1").hasSuffix(Placeholders.mark("REDACTED-jwt-1")))
        let colours = Set((1...40).map { Placeholders.colour(of: "REDACTED-continuation_token-\($0)") })
        #expect(colours.count > 4, "placeholders of one kind should not all share a colour")
    }
}
