import Testing

import NativeAuthWire

@Suite("Form value decoding")
struct LenientFormDecodingTests {
    @Test("plus is a space, two hex digits after a percent are a byte, and a broken escape stays as written")
    func lenientDecoding() {
        #expect(FormCodec.decodeLeniently(component: "a+b%41%c3%A9"[...]) == "a bAé")
        #expect(FormCodec.decodeLeniently(component: "100%zz%4"[...]) == "100%zz%4")
        #expect(FormCodec.decodeLeniently(component: "%"[...]) == "%")
        #expect(FormCodec.decodeLeniently(component: "plain"[...]) == "plain")
    }

    @Test("bytes and text decode alike, and invalid UTF-8 becomes a replacement character")
    func bytesAndText() {
        let samples = ["user%40contoso.com", "a%2Bb+c", "%ff%fe", "x%4", "%%41"]
        for sample in samples {
            let fromBytes = Array(sample.utf8).withUnsafeBufferPointer { FormCodec.decodeLeniently(component: $0) }
            #expect(fromBytes == FormCodec.decodeLeniently(component: sample[...]), "\(sample)")
        }
        #expect(FormCodec.decodeLeniently(component: "%ff"[...]) == "\u{FFFD}")
        #expect(FormCodec.decodeLeniently(component: "%%41"[...]) == "%A")
    }
}

@Suite("Form escaping and the word-at-a-time check")
struct FormComponentTests {
    @Test("the plus-or-percent check finds either byte at every position of a long value, and nothing in a plain one")
    func needsDecodingAtEveryPosition() {
        let plain = [UInt8](repeating: UInt8(ascii: "a"), count: 37)
        #expect(!plain.withUnsafeBufferPointer(FormCodec.needsDecoding))
        for marker in ["+", "%"] {
            for position in plain.indices {
                var bytes = plain
                bytes[position] = UInt8(ascii: Unicode.Scalar(marker)!)
                #expect(bytes.withUnsafeBufferPointer(FormCodec.needsDecoding), "\(marker) at \(position)")
            }
        }
    }

    @Test("escaping bytes appends what escape writes, and lenient decoding reads it back")
    func escapeRoundTrip() {
        for text in ["user@contoso.com", "a b+c", "é~._-", String(repeating: "token.", count: 20) + "=&%"] {
            var out: [UInt8] = [UInt8(ascii: "x")]
            var copy = text
            copy.withUTF8 { FormCodec.appendEscaped($0, to: &out) }
            #expect(out == Array(("x" + FormCodec.escape(text)).utf8))
            #expect(FormCodec.decodeLeniently(component: FormCodec.escape(text)[...]) == text)
        }
    }
}
