import Foundation
import Oracle
import HAR
import NativeAuthWire
import Testing

@testable import Fuzz

/// The fuzzer's fast paths (bytes written straight from the JSON tree, cached filler values, byte
/// searches, the form reader's hex digits, secrets worked out per answer) must give exactly what the
/// code they replaced gave; these tests compare both routes.
@Suite("Fuzz fast paths")
struct FuzzFastPathTests {
    /// Percent decoding written plainly from the lenient rule (two hex digits after `%`, where a sign is not a
    /// digit: `UInt8("+F", radix: 16)` alone would take one), to hold the shared byte decoder against.
    static func referenceDecode(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            if byte == UInt8(ascii: "+") {
                out.append(0x20)
            } else if byte == UInt8(ascii: "%"), i + 2 < bytes.endIndex,
                bytes[(i + 1)...(i + 2)].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
                let value = UInt8(String(decoding: bytes[(i + 1)...(i + 2)], as: UTF8.self), radix: 16)
            {
                out.append(value)
                i += 2
            } else {
                out.append(byte)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test("compact bytes are the UTF-8 of the compact text, escapes and non-ASCII included")
    func serializedBytes() {
        var nodes: [JSONNode] = [
            .object([]), .array([]), .object([("a\"b\\c\n\u{1}é\u{1F600}", .string("x\t\r\u{1F}\"/é"))]),
            .object([("k", .array([.null, .bool(true), .bool(false), .number("1e400"), .string("")])),
                     ("k", .object([("n", .object([]))]))]),
        ]
        for flow in BaseFlows.all {
            for action in flow.actions {
                for answer in action.responses { if let node = JSONNode.parse(answer.body) { nodes.append(node) } }
            }
        }
        for node in nodes { #expect(node.serializedBytes() == Array(node.serialized().utf8)) }
        let filler = HugeStringOperator.filler(65_536)
        let huge = JSONNode.object([("a", .string("x\"")), ("t", .string(filler)), ("n", .array([.string(filler), .string("AAA")]))])
        #expect(huge.serializedBytes(plain: filler) == Array(huge.serialized().utf8))
    }

    /// The re-encoding as it was: scalar by scalar into a string.
    static func referenceEscapingLetters(_ text: String) -> String {
        var out = ""
        var inString = false
        var escaped = false
        for scalar in text.unicodeScalars {
            if inString, !escaped, scalar.properties.isAlphabetic, scalar.isASCII {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                continue
            }
            out.unicodeScalars.append(scalar)
            if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" { inString.toggle() }
        }
        return out
    }

    @Test("letters are escaped byte by byte as they were scalar by scalar")
    func reencode() {
        var nodes: [JSONNode] = [
            .object([("aZ\"\\é\u{1F600}x", .string("Ab\\\"c\n\té\u{0}z@[`{"))]),
            .object([("k", .array([.string("ÀÉ"), .number("1e4"), .bool(true), .null]))]),
        ]
        for flow in BaseFlows.all {
            for action in flow.actions {
                for answer in action.responses { if let node = JSONNode.parse(answer.body) { nodes.append(node) } }
            }
        }
        for node in nodes {
            #expect(ReencodeOperator.escapingLetters(node.serializedBytes())
                == Array(Self.referenceEscapingLetters(node.serialized()).utf8))
        }
    }

    @Test("huge strings and deep nesting give the bodies the String route gave")
    func fillers() {
        for size in [65_536, 262_144, 1_048_576, 7] {
            #expect(HugeStringOperator.filler(size) == String(repeating: "A", count: size))
        }
        for depth in DeepNestingOperator.depths + [3] {
            let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            #expect(DeepNestingOperator.nesting(depth) == nested)
        }
    }

    @Test("the byte search finds what firstRange(of:) finds")
    func byteSearch() {
        let needle = Array("\\u0001FUZZ\\u0001".utf8)
        let hay = Array("{\"a\":\"x\\u0001FUZZ\\u0001\",\"b\":\"\\u0001FUZZ\\u0001\"}".utf8)
        #expect(ByteSearch.firstIndex(of: needle, in: hay) == hay.firstRange(of: needle)?.lowerBound)
        #expect(ByteSearch.firstIndex(of: needle, in: Array("\\u0001FUZZ".utf8)) == nil)
        #expect(ByteSearch.firstIndex(of: needle, in: needle) == 0)
        let tail = Array(repeating: UInt8(ascii: "\\"), count: 30) + needle
        #expect(ByteSearch.firstIndex(of: needle, in: tail) == tail.firstRange(of: needle)?.lowerBound)
    }

    @Test("form values and names decode as the String route decodes them")
    func formReader() {
        let pieces = ["a", "+", "%20", "%2B", "%2b", "%zz", "%+F", "%-0", "%4", "%", "é", "%C3%A9", "=", "_", "continuation_token"]
        var random = UInt64(17)
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<6 {
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int((random >> 33) % UInt64(pieces.count))]
            }
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer(FormCodec.decodeLeniently(component:)) == Self.referenceDecode(bytes[...]), "\(text)")
            guard !bytes.contains(UInt8(ascii: "=")) else { continue }
            for name in ["continuation_token", "a", "a b", "é", ""] {
                let found = FormCodec.firstValue(named: name, in: bytes + Array("=v".utf8)) == "v"
                #expect(found == (Self.referenceDecode(bytes[...]) == name), "\(text)")
            }
        }
        for mark in Array("+%*,$".utf8) {
            for offset in 0..<24 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 24)
                bytes[offset] = mark
                let found = bytes[1...].withUnsafeBufferPointer(FormCodec.needsDecoding)
                #expect(found == bytes[1...].contains { $0 == 0x2B || $0 == 0x25 })
            }
        }
        let bytes = Array("a=b&&c&=d&e=f=g".utf8)
        #expect(FormCodec.firstValue(named: "e", in: bytes) == "f=g")
        #expect(FormCodec.firstValue(named: "", in: bytes) == "d")
        #expect(FormCodec.firstValue(named: "c", in: bytes) == "")
        let body = Array("client_id=x&continuation%5Ftoken=A%2BB&continuation_token=second".utf8)
        #expect(FormCodec.firstValue(named: "continuation_token", in: body) == "A+B")
    }

    @Test("six characters are counted as Character counts them")
    func sixCharacters() {
        for text in ["", "abcde", "abcdef", "abcd\r\n", "abcd\r\nx", "\r\n\r\n\r\n\r\n\r\n", "\r\n\r\n\r\n\r\n\r\n\r\n",
                     "e\u{301}e\u{301}e\u{301}", "abcdee\u{301}", "ééééé", "éééééé", "a\u{301}\u{301}\u{301}\u{301}\u{301}"] {
            #expect(FuzzRunner.hasSixCharacters(text) == (text.count >= 6), "\(text.debugDescription)")
        }
    }

    @Test("the byte search of secrets finds what a literal search finds")
    func horspool() {
        let hay = Array("error: the token AT-canary-access was refused; AT-canary".utf8)
        for needle in ["AT-canary-access", "AT-canary", "refused;", "access was", "nothere", "e", "error: the"] {
            let pin = Array(needle.utf8)
            let found = hay.withUnsafeBufferPointer { h in pin.withUnsafeBufferPointer { SecretSearch.horspool(h, $0) } }
            #expect(found == String(decoding: hay, as: UTF8.self).contains(needle), "\(needle)")
        }
    }

    @Test("the filler check agrees with checking every byte")
    func filler() {
        for text in ["", "A", "AAAAAAA", String(repeating: "A", count: 100), String(repeating: "A", count: 99) + "B",
                     "B" + String(repeating: "A", count: 64), "AAAAAAAAé", String(repeating: "A", count: 17)] {
            #expect(FuzzRunner.isFiller(text) == text.utf8.allSatisfy { $0 == UInt8(ascii: "A") }, "\(text.prefix(10))")
        }
    }

    @Test("remembered classifications of unmutated answers give the oracle's own walk")
    func answerClasses() {
        let classes = AnswerClasses()
        let generator = CaseGenerator(flows: BaseFlows.all, operators: testOperators, seed: 9)
        var checked = 0
        // Twice over the same cases: the second pass reads what the first remembered.
        for _ in 0..<2 {
            for index in 0..<400 {
                guard let fuzzCase = generator.make(index: UInt64(index)),
                    let flow = BaseFlows.all.first(where: { $0.name == fuzzCase.flow })
                else { continue }
                #expect(classes.predict(fuzzCase, flow: flow) == Judge.predict(step: fuzzCase.step, responses: fuzzCase.responses))
                checked += 1
            }
        }
        #expect(checked > 700)
    }

    @Test("secrets worked out per answer equal the secrets of the whole case")
    func secretsPlan() {
        let plan = SecretsPlan(flows: BaseFlows.all)
        let generator = CaseGenerator(flows: BaseFlows.all, operators: testOperators, seed: 5)
        var checked = 0
        for index in 0..<600 {
            guard let fuzzCase = generator.make(index: UInt64(index)),
                let flow = BaseFlows.all.first(where: { $0.name == fuzzCase.flow })
            else { continue }
            #expect(plan.secrets(flow: flow, fuzzCase: fuzzCase) == FuzzRunner.secrets(flow: flow, fuzzCase: fuzzCase))
            checked += 1
        }
        #expect(checked > 500)
    }
}
