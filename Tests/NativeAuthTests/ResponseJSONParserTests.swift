import Foundation
import NativeAuthWire
import Testing
@testable import NativeAuth

/// The engine's JSON reader must accept and reject exactly what `JSONDecoder` does, with the same values
/// (decoding-rulings.md R1, R5-R7): these tests compare both on hand-picked and mutated bodies. The
/// differential test over the fuzz operators' outputs is in FuzzTests (`DecodingDifferentialTests`).
@Suite("Response JSON parser")
struct ResponseJSONParserTests {
    static let bodies: [String] = [
        #"{"continuation_token":"ct1","challenge_type":"oob","binding_method":"prompt","challenge_channel":"email","challenge_target_label":"u***@c***.com","code_length":8,"interval":300}"#,
        #"{"error":"invalid_grant","error_description":"AADSTS50126: no","error_codes":[50126, 7],"suberror":"password_too_weak","timestamp":"2026-01-01 00:00:00Z","trace_id":"t","correlation_id":"c"}"#,
        #"{"error":"attributes_required","required_attributes":[{"name":"city","type":"string","required":true,"options":{"regex":"^.+$"}}],"invalid_attributes":[{"name":"city"}],"x":null,"y":false}"#,
        #"{"token_type":"Bearer","scope":"openid profile","expires_in":3600,"ext_expires_in":3600.5,"access_token":"at","client_info":"eyJ1aWQiOiJ1In0"}"#,
        #"{"continuation_token":"ct","methods":[{"id":"m1","challenge_type":"oob","challenge_channel":"email","login_hint":"u\u002a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"}]}"#,
        " \r\n\t{ \"status\" : \"in_progress\" , \"poll_interval\" : -0.25 , \"n\" : [ ] , \"o\" : { } } \n",
    ]

    static let handPicked: [String] = [
        #"{"a":1,"a":2}"#, #"{"a":"x","a":2}"#, #"{"\u00e9":1,"é":2}"#, #"{"a":"\u00e9","a\u0301":1}"#,
        #"{"a":1e400}"#, #"{"a":1e-400}"#, #"{"a":0e5}"#, #"{"a":0e-400}"#, #"{"a":2.4e-324}"#, #"{"a":1E+2}"#,
        #"{"a":123456789012345678901234567890}"#, #"{"a":9007199254740993}"#, #"{"a":-0}"#, #"{"a":-0.0}"#,
        #"{"a":01}"#, #"{"a":-01}"#, #"{"a":1.}"#, #"{"a":.5}"#, #"{"a":-}"#, #"{"a":+1}"#, #"{"a":1.5.3}"#,
        #"{"a":0.1}"#, #"{"a":0.30000000000000004}"#, #"{"a":99999999999999999}"#, #"{"a":1x}"#,
        #"{"a":"\ud800"}"#, #"{"a":"\udc00"}"#, #"{"a":"\ud800\u0041"}"#, #"{"a":"\ud800\ud800"}"#,
        #"{"a":"\ud800x"}"#, #"{"a":"\u0000"}"#, #"{"a":"\x"}"#, #"{"a":"\'"}"#, #"{"a":"\u12"}"#, #"{"a":"\uzzzz"}"#,
        "{\"a\":\"\t\"}", "{\"a\":\"\u{7f}\"}", #"{"a":1} x"#, #"{"a":1}  "#, #"{"a":1,}"#, #"{"a":[1,],}"#,
        #"{"a":1 , }"#, #"{,}"#, #"{"a":1,,}"#, #"{"a":[,]}"#, #"{"a":[1,,]}"#, #"{}"#, "", " ", "[]", #""s""#, "1",
        #"{"a":tru}"#, #"{"a":True}"#, #"{"a":nulll}"#, #"{"a":NaN}"#, #"{"a":Infinity}"#, #"/*c*/{"a":1}"#,
        #"{"a":1}]"#, #"{"a" 1}"#, #"{a:1}"#, #"{'a':1}"#, #"{"a":1"#, #"{"a":"#, #"{"a""#, #"{"#, #"{"a":[1}"#,
        "{\"a\"\u{0C}:1}", "{\"a\":1}\u{00A0}", "\u{0B}{\"a\":1}", "{\"a\":1}\u{0}",
    ]

    /// Decodes nothing but builds the top-level keyed container, as every MSAL response struct does.
    struct AnyObject: Decodable {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        init(from decoder: any Decoder) throws { _ = try decoder.container(keyedBy: Key.self) }
    }
    /// One `Int?` and one `String?`, as MSAL's structs declare them.
    struct Fields: Decodable, Equatable {
        var a: Int?
        var b: String?
        var n: Int?
        var m: [Int]?
    }

    /// The engine accepts a document and reads `a`, `b`, `n`, `m` exactly when and as `JSONDecoder` does.
    static func same(_ bytes: [UInt8]) -> Bool {
        let data = Data(bytes)
        let foundationAccepts = (try? JSONDecoder().decode(AnyObject.self, from: data)) != nil
        let object = JSONValue.object(from: data)
        guard foundationAccepts == (object != nil) else { return false }
        let reference = try? JSONDecoder().decode(Fields.self, from: data)
        let engine: Fields? = object.flatMap { object in
            let json = JSONReader(object: object)
            do {
                return Fields(a: try json.int("a"), b: try json.string("b"), n: try json.int("n"), m: try json.ints("m"))
            } catch {
                return nil
            }
        }
        return reference == engine
    }

    @Test("hand-picked bodies are read as JSONDecoder reads them (duplicates, numbers, escapes, commas)")
    func handPickedBodies() {
        for text in Self.handPicked + Self.bodies {
            #expect(Self.same(Array(text.utf8)), "\(text.debugDescription)")
        }
    }

    @Test("byte-order marks, other encodings and invalid UTF-8 are read as JSONDecoder reads them")
    func encodings() {
        let json = #"{"a":1,"b":"é"}"#
        let cases: [[UInt8]] = [
            [0xEF, 0xBB, 0xBF] + Array(json.utf8),
            [0xFF, 0xFE] + json.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
            json.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] },
            Array(#"{"a":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8),
            Array(#"{"a":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8),
            Array(#"{"a":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8),
            Array(#"{"a":""#.utf8) + [0xFF] + Array(#""}"#.utf8),
            Array(#"{""#.utf8) + [0xFF] + Array(#"":1}"#.utf8),
            Array(#"{"a":"\n"#.utf8) + [0xF0, 0x9F, 0x98, 0x80] + Array(#""}"#.utf8),
        ]
        for bytes in cases { #expect(Self.same(bytes), "\(bytes)") }
        #expect(JSONValue.object(from: Data(cases[0]))?["b"]?.stringValue == "é")
    }

    @Test("randomly mutated bodies are accepted, rejected and valued as JSONDecoder does")
    func mutatedBodies() {
        var random = SplitMix(seed: 6)
        let alphabet = Array(#"{}[],:"\u0eE.-+ tfn/xa1"#.utf8) + [0x00, 0x09, 0x0A, 0x1F, 0x7F, 0xC3, 0xFF, 0xED]
        var mismatches: [String] = []
        for round in 0..<2_000 {
            var bytes = Array(Self.bodies[round % Self.bodies.count].utf8)
            for _ in 0...random.below(3) {
                let position = random.below(bytes.count)
                switch random.below(4) {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(alphabet[random.below(alphabet.count)], at: position)
                case 2: bytes[position] = alphabet[random.below(alphabet.count)]
                default: bytes.removeSubrange(position...)
                }
                if bytes.isEmpty { bytes = [UInt8(ascii: "{")] }
            }
            if !Self.same(bytes) { mismatches.append(String(decoding: bytes, as: UTF8.self).debugDescription) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test("numbers of every shape get JSONDecoder's value or rejection")
    func numbers() {
        var random = SplitMix(seed: 7)
        for _ in 0..<1_000 {
            var text = random.below(3) == 0 ? "-" : ""
            text += String(random.below(2) == 0 ? random.below(10) : random.below(1 << 40))
            if random.below(2) == 0 { text += "." + String(random.below(1 << 30)) }
            if random.below(4) == 0 { text += ["e", "E", "e+", "e-"][random.below(4)] + String(random.below(400)) }
            let json = #"{"n":\#(text),"m":[\#(text)]}"#
            #expect(Self.same(Array(json.utf8)), "\(json)")
        }
    }

    @Test("nesting up to Foundation's 512 levels is read; deeper, even 5,000 levels, is malformed without exhausting the stack")
    func nesting() {
        func nested(_ depth: Int, array: Bool) -> Data {
            let open = array ? "[" : "{\"a\":"
            let close = array ? "]" : "}"
            let inner = String(repeating: open, count: depth - 1) + (array ? "" : "1") + String(repeating: close, count: depth - 1)
            return Data(("{\"x\":\"y\",\"nested\":" + inner + "}").utf8)
        }
        for array in [true, false] {
            #expect(JSONValue.object(from: nested(512, array: array))?["x"]?.stringValue == "y")
            #expect(JSONValue.object(from: nested(513, array: array)) == nil)
            #expect(JSONValue.object(from: nested(5_000, array: array)) == nil)
        }
        let body = nested(500, array: true)
        let response = NativeAuthHTTPResponse(statusCode: 200, body: body)
        #expect(ResponseClassifier.classify(response, endpoint: .signInInitiate) == .success(SuccessBody()))
        let tooDeep = NativeAuthHTTPResponse(statusCode: 200, body: nested(513, array: true))
        #expect(ResponseClassifier.classify(tooDeep, endpoint: .signInInitiate) == .unexpected(.undecodable))
    }
}

/// The shared SplitMix64, for reproducible mutations.
typealias SplitMix = SplitMix64

extension SplitMix64 {
    /// A value in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
}
