import Testing

@testable import NativeAuthWire

/// The one field finder of form bodies (``FormCodec/firstValue(named:in:)``, ``FormCodec/lastValue(named:in:)``).
@Suite("Form field finder")
struct FormFieldFinderTests {
    @Test("the finder gives the first or the last field of a name, decoded leniently, as decoding the whole body would")
    func findsFieldsAsTheLenientDecoderReadsThem() {
        let bytes = Array("a=b&&c&=d&e=f=g&a=second&continuation%5Ftoken=A%2BB&continuation_token=x+y&bad=%zz".utf8)
        #expect(FormCodec.firstValue(named: "a", in: bytes) == "b")
        #expect(FormCodec.lastValue(named: "a", in: bytes) == "second")
        #expect(FormCodec.firstValue(named: "e", in: bytes) == "f=g")
        #expect(FormCodec.firstValue(named: "", in: bytes) == "d")
        #expect(FormCodec.firstValue(named: "c", in: bytes) == "")
        #expect(FormCodec.firstValue(named: "continuation_token", in: bytes) == "A+B")
        #expect(FormCodec.lastValue(named: "continuation_token", in: bytes) == "x y")
        #expect(FormCodec.firstValue(named: "bad", in: bytes) == "%zz")
        #expect(FormCodec.firstValue(named: "missing", in: bytes) == nil)
        #expect(FormCodec.firstValue(named: "a", in: []) == nil)
        let fields = FormCodec.decodeLeniently(bytes: bytes)
        for name in Set(fields.map(\.name)) {
            #expect(FormCodec.firstValue(named: name, in: bytes) == fields.first { $0.name == name }?.value, "\(name)")
            #expect(FormCodec.lastValue(named: name, in: bytes) == fields.last { $0.name == name }?.value, "\(name)")
        }
    }

    @Test("a name with escapes or outside ASCII is compared decoded")
    func comparesDecodedNames() {
        let bytes = Array("caf%C3%A9=1&a+b=2&%E2%9C%93=3".utf8)
        #expect(FormCodec.firstValue(named: "café", in: bytes) == "1")
        #expect(FormCodec.firstValue(named: "a b", in: bytes) == "2")
        #expect(FormCodec.firstValue(named: "✓", in: bytes) == "3")
    }
}
