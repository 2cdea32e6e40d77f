import Testing

@testable import NativeAuthWire

@Suite("Form encoding")
struct FormCodecTests {
    @Test("spaces encode as plus and reserved characters as upper-case percent escapes")
    func encodesSpecExactly() {
        let body = FormCodec.encode(pairs: [
            ("username", "alex@example.com"), ("challenge_type", "oob password redirect"), ("p", "a+b&c=d/e*~-._"),
        ])
        #expect(body == "username=alex%40example.com&challenge_type=oob+password+redirect&p=a%2Bb%26c%3Dd%2Fe%2A~-._")
    }

    @Test("the unreserved set is exactly A-Z, a-z, 0-9 and - . _ ~, and the encoder keeps just those bytes")
    func unreservedSetIsRFC3986() {
        let expected = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        for value in 0...255 {
            let byte = UInt8(value)
            #expect(FormCodec.isUnreserved(byte) == expected.contains(byte), "byte \(value)")
            if value < 0x80 {
                let kept = FormCodec.escape(String(decoding: [byte], as: UTF8.self)) == String(decoding: [byte], as: UTF8.self)
                #expect(kept == expected.contains(byte), "byte \(value)")
            }
        }
    }

    @Test("non-ASCII text encodes as percent-escaped UTF-8")
    func encodesUnicode() {
        #expect(FormCodec.escape("José 🙂") == "Jos%C3%A9+%F0%9F%99%82")
    }

    @Test("plus and %20 both decode to a space")
    func decodesBothSpaceForms() throws {
        let form = try FormCodec.decode(
            "challenge_type=oob+password%20redirect&capabilities=mfa_required%20registration_required")
        #expect(form[WireField.challengeType] == "oob password redirect")
        #expect(form[WireField.capabilities] == "mfa_required registration_required")
    }

    @Test("decoding accepts lower-case hex and keeps an encoded plus as a plus")
    func decodesLowerCaseHex() throws {
        let form = try FormCodec.decode("password=a%2bb%3d%c3%a9")
        #expect(form["password"] == "a+b=é")
    }

    @Test("round trip keeps order, duplicates, empty values and awkward characters")
    func roundTrips() throws {
        let original: FormFields = [
            "client_id": "11111111-2222-4333-8444-555555555555", "attributes": #"{"displayName":"Zoë & \"co\""}"#,
            "password": "Sunny-Day-42! %+&=", "empty": "", "client_id": "second",
        ]
        let decoded = try FormCodec.decode(original.encoded)
        #expect(decoded == original)
        #expect(decoded["client_id"] == "11111111-2222-4333-8444-555555555555")
        #expect(decoded.values(named: "client_id") == ["11111111-2222-4333-8444-555555555555", "second"])
    }

    @Test("a field without '=' has an empty value and empty segments are skipped")
    func decodesBareNamesAndEmptySegments() throws {
        let form = try FormCodec.decode("&a&&b=1&")
        #expect(form.pairs.map(\.0) == ["a", "b"])
        #expect(form["a"] == "")
        #expect(form["b"] == "1")
        #expect(try FormCodec.decode("").isEmpty)
    }

    @Test("only the first '=' separates name and value")
    func splitsAtFirstEquals() throws {
        #expect(try FormCodec.decode("attributes={\"a\"=1}")["attributes"] == "{\"a\"=1}")
    }

    @Test("a truncated or non-hex escape reports the offset of its '%'")
    func rejectsMalformedEscapes() {
        for (body, offset) in [("a=%", 2), ("a=b%4", 3), ("client_id=x&oob=%zz12", 16), ("a%G1=1", 1)] {
            #expect(throws: FormDecodingError(kind: .malformedEscape, offset: offset)) {
                try FormCodec.decode(body)
            }
        }
    }

    @Test("an escape at the end of a value does not borrow the '&' that follows")
    func escapeStopsAtSeparator() {
        #expect(throws: FormDecodingError(kind: .malformedEscape, offset: 2)) { try FormCodec.decode("a=%4&b=1") }
    }

    @Test("escapes that are not UTF-8 are rejected without quoting the body")
    func rejectsInvalidUTF8() {
        do {
            _ = try FormCodec.decode("oob=12345678&password=%FF%FE")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .invalidUTF8)
            #expect(error.offset == 22)
            #expect(!error.description.contains("FF"))
        }
    }
}
