import Testing

@testable import NativeAuthWire

@Suite("The one split of form text")
struct FormPartTests {
    /// `(part, name, value, hasEquals)` of each part, as text.
    static func described(_ text: String) -> [String] {
        let substring = Substring(text)
        return FormCodec.parts(of: substring).map { part in
            "\(substring[part.range])|\(substring[part.name])|\(substring[part.value])|\(part.equals != nil)"
        }
    }

    static func describedBytes(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        var out: [String] = []
        bytes.withUnsafeBufferPointer { buffer in
            FormCodec.forEachPart(in: buffer) { part in
                let piece = { (range: Range<Int>) in String(decoding: buffer[range], as: UTF8.self) }
                out.append("\(piece(part.range))|\(piece(part.name))|\(piece(part.value))|\(part.equals != nil)")
            }
        }
        return out
    }

    @Test("every &-separated part is given, empty ones too, and the name runs to the part's first =")
    func splitsOnAmpersandsAndTheFirstEquals() {
        #expect(Self.described("") == ["|||false"])
        #expect(Self.described("a=1&&b&=c=d&") == ["a=1|a|1|true", "|||false", "b|b||false", "=c=d||c=d|true", "|||false"])
        #expect(Self.describedBytes("a=1&&b&=c=d&") == Self.described("a=1&&b&=c=d&"))
        #expect(Self.describedBytes("") == ["|||false"])
    }

    @Test("non-ASCII text is split on characters: an & or = joined by a combining mark is no separator")
    func nonASCIITextSplitsOnCharacters() {
        #expect(Self.described("é=1&\u{301}b=2&c=\u{301}3") == ["é=1&\u{301}b=2|é|1&\u{301}b=2|true", "c=\u{301}3|c=\u{301}3||false"])
        // The bytes see every & and =.
        #expect(Self.describedBytes("a=1&\u{301}b=2").count == 2)
    }

    @Test("on ASCII text the byte split and the text split agree, and decoding the parts gives the lenient decoder's fields")
    func byteAndTextSplitsAgree() {
        let pieces = ["a", "=", "&", "+", "%2", "%41", "%zz", "name", "", "b=c"]
        var generator = SplitMix64(seed: 3)
        for _ in 0..<2000 {
            let text = (0..<Int(generator.next() % 9)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            #expect(Self.describedBytes(text) == Self.described(text), "\(text)")
            let substring = Substring(text)
            let fields = FormCodec.parts(of: substring).filter { !$0.range.isEmpty }.map { part in
                FormField(
                    FormCodec.decodeLeniently(component: substring[part.name]),
                    part.equals == nil ? "" : FormCodec.decodeLeniently(component: substring[part.value]))
            }
            #expect(fields == FormCodec.decodeLeniently(bytes: Array(text.utf8)), "\(text)")
        }
    }
}
