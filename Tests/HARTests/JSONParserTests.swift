import HAR
import Testing

@Suite("JSON parser and serializer")
struct JSONParserTests {
    @Test("object members keep their order and duplicate keys")
    func keepsOrder() throws {
        let value = try JSONParser.parse(#"{"z":1,"a":2,"m":3,"a":4}"#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["z", "a", "m", "a"])
        #expect(object["a"] == .number("2"))
        #expect(value.serializedString() == #"{"z":1,"a":2,"m":3,"a":4}"#)
    }

    @Test("numbers are written back exactly as read")
    func numbersExact() throws {
        let text = #"[0,-0,1.50,1e3,-2.5E-7,12345678901234567890123,0.1000000000000000055511151231257827]"#
        #expect(try JSONParser.parse(text).serializedString() == text)
    }

    @Test("escapes and surrogate pairs decode to the right characters")
    func escapes() throws {
        let value = try JSONParser.parse(#"["a\"b\\c\/d\n\t\r\b\f", "\u00e9\u20AC", "\ud83d\ude00", "x\ud800y"]"#)
        #expect(value == ["a\"b\\c/d\n\t\r\u{08}\u{0C}", "é€", "😀", "x\u{FFFD}y"])
    }

    @Test("serialization escapes only control characters, quote and backslash")
    func serializationEscaping() {
        let value: JSONValue = ["q\"b\\s/é😀\u{01}\u{1F}\n"]
        #expect(value.serializedString() == #"["q\"b\\s/é😀\u0001\u001f\n"]"#)
    }

    @Test("any serialized value parses back to the same value")
    func roundTrip() throws {
        let value: JSONValue = [
            "s": "text with \"quotes\" and\nnewlines and ünïcödé", "n": .number("-12.5e+3"), "t": true, "f": false,
            "z": nil, "a": [1, [], [:], ["k": "v"]],
        ]
        #expect(try JSONParser.parse(value.serialized()) == value)
        #expect(try JSONParser.parse(value.prettySerialized()) == value)
    }

    @Test("pretty form indents with two spaces and writes empty containers inline")
    func prettyForm() {
        let value: JSONValue = ["a": [1, 2], "b": [:], "c": []]
        let expected = "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {},\n  \"c\": []\n}"
        #expect(String(decoding: value.prettySerialized(), as: UTF8.self) == expected)
    }

    @Test(
        "invalid JSON is rejected with the byte offset of the problem",
        arguments: [
            (#"{"a":1,}"#, 7), (#"[1 2]"#, 3), (#"{"a" 1}"#, 5), (#"tru"#, 0), (#"01"#, 1), (#"1."#, 2),
            (#""abc"#, 0), ("\"a\u{01}\"", 2), (#"{"a":1} x"#, 8), (#"["\x"]"#, 3), (#""#, 0), (#"-"#, 1),
            (#"[1,"#, 3), (#""\u12G4""#, 3),
        ])
    func rejectsInvalid(text: String, offset: Int) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.offset == offset, "\(text): \(error)")
        }
    }

    @Test("strings that are not valid UTF-8 are rejected")
    func rejectsBadUTF8() {
        let bytes: [UInt8] = [0x22, 0x61, 0xC3, 0x28, 0x22]
        #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
        let escaped: [UInt8] = [0x22, 0x5C, 0x6E, 0xFF, 0x22]
        #expect(throws: JSONParseError.self) { try JSONParser.parse(escaped) }
    }

    @Test("deep nesting is rejected instead of overflowing the stack")
    func depthLimit() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(try JSONParser.parse(fine).arrayValue?.count == 1)
    }

    @Test("parsing works on non-contiguous collections and slices")
    func collections() throws {
        let bytes = Array(#"xx{"k":[true,null]}"#.utf8)
        #expect(try JSONParser.parse(bytes[2...]) == ["k": [true, nil]])
        #expect(try JSONParser.parse(Array(#"{"k":"v"}"#.utf8).lazy.map { $0 }) == ["k": "v"])
    }

    @Test("object subscript replaces in place, appends and removes")
    func objectEditing() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["a"] = "x"
        object["c"] = 3
        object["b"] = nil
        #expect(JSONValue.object(object).serializedString() == #"{"a":"x","c":3}"#)
    }

    @Test("doubles are written in their shortest form, integral ones without a fraction")
    func doubles() {
        #expect(JSONValue.double(12).serializedString() == "12")
        #expect(JSONValue.double(-0.0).serializedString() == "0")
        #expect(JSONValue.double(95.28800000227056).serializedString() == "95.28800000227056")
        #expect(JSONValue.double(.nan) == .null)
    }
}
