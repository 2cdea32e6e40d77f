import Testing

@testable import NativeAuthWire

@Suite("JSON")
struct WireJSONTests {
    @Test("numbers keep their source text and integral values read as Int")
    func numbersAreFaithful() throws {
        let json = try WireJSON.parse(#"{"a":8,"b":8.0,"c":-1.5e3,"d":"8","e":12345678901234567890}"#)
        #expect(json["a"] == .number("8"))
        #expect(json["b"] == .number("8.0"))
        #expect(json["b"]?.intValue == 8)
        #expect(json["c"]?.doubleValue == -1500)
        #expect(json["c"]?.intValue == -1500)
        #expect(json["d"]?.intValue == nil)
        #expect(json["e"]?.intValue == nil)
        #expect(json.serialized() == #"{"a":8,"b":8.0,"c":-1.5e3,"d":"8","e":12345678901234567890}"#)
    }

    @Test("strings unescape surrogate pairs and serialise back to equal values")
    func stringsRoundTrip() throws {
        let json = try WireJSON.parse(#"["a\"b\\c\/d\n\u00e9\ud83d\ude42\u0001"]"#)
        #expect(json == .array([.string("a\"b\\c/d\né🙂\u{01}")]))
        #expect(try WireJSON.parse(json.serialized()) == json)
        #expect(json.serialized() == #"["a\"b\\c/d\né🙂\u0001"]"#)
    }

    @Test("object members keep order and duplicates, lookup returns the last")
    func objectsKeepOrder() throws {
        let json = try WireJSON.parse(#" { "z" : 1 , "a" : [ true , false , null ] , "z" : 2 } "#)
        #expect(json.members?.map(\.key) == ["z", "a", "z"])
        #expect(json["z"] == .number("2"))
        #expect(json["a"] == [true, false, nil])
    }

    @Test("malformed JSON is rejected with the offset of the problem")
    func rejectsMalformedJSON() {
        let cases: [(String, Int)] = [
            ("{\"a\":1,}", 7), ("[01]", 1), ("{\"a\" 1}", 5), ("\"\\ud800\"", 1), ("tru", 0), ("{} x", 3),
            ("\"a\u{01}\"", 2), ("", 0), ("[1.]", 1), ("{\"a\":1", 6),
        ]
        for (text, offset) in cases {
            do {
                _ = try WireJSON.parse(text)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.offset == offset, "\(text): \(error)")
            }
        }
    }

    @Test("nesting beyond the limit is an error, not a crash")
    func limitsDepth() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: WireJSONError.self) { try WireJSON.parse(deep) }
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect((try? WireJSON.parse(fine)) != nil)
    }

    @Test("invalid UTF-8 inside a string is rejected")
    func rejectsInvalidUTF8() {
        #expect(throws: WireJSONError.self) { try WireJSON.parse(bytes: [0x22, 0xC3, 0x28, 0x22]) }
    }
}
