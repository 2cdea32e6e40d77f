import Foundation
import HAR
import NativeAuthWire
import Testing

@testable import Redaction

/// The byte-wise form redaction must equal redaction through `FormBody` fields.
@Suite("Form redaction on bytes")
struct FormBytesTests {
    /// The `FormBody` way: split into fields, apply each field's rule, write back.
    static func reference(_ text: String, rules: CompiledRules) -> String? {
        var redactor = ValueRedactor(rules: rules, table: PlaceholderTable())
        var form = FormBody(Substring(text))
        for index in form.fields.indices {
            let field = form.fields[index]
            if let replaced = redactor.apply(rules.formFields[field.name.lowercased()], to: field.value) {
                form.fields[index].replacement = replaced
            }
        }
        return form.isChanged ? form.text : nil
    }

    @Test("ASCII form bodies give the same text, counts and placeholders as FormBody fields")
    func sameAsFormBody() throws {
        let rules = try CompiledRules(.nativeAuthDefaults)
        let bodies = [
            "", "&", "=", "password", "password=", "a=1&&b=2&", "PassWord=x%41y&Client_Id=abc&USERNAME=bob%40example.org",
            "continuation_token=abc&grant_type=password&password=p+w%21&attributes=%7B%22city%22%3A%22Oslo%22%7D",
            "note=call+%2B1+425+555+0100&x=eyJhbGciOiJI.eyJzdWIiOiIx.sig&y=%zz%4", "%50assword=secret&id=m1=m2",
            "CLIENT_ID=bob@example.org&Scope=a+b@example.org&mail=c@example.org&mail2=d%40example.org&plus=%2B14255550100",
            "client_info=true&=&==x&grant_type=eyJhbGciOiJI.eyJzdWIiOiIx.sig&password=REDACTED-password-3&password",
        ]
        for body in bodies {
            var redactor = ValueRedactor(rules: rules, table: PlaceholderTable())
            let fast = redactor.redactForm(Substring(body), table: rules.formFields)
            #expect(fast == Self.reference(body, rules: rules), "\(body)")
            #expect(redactor.counts == (Self.counts(body, rules: rules)), "\(body)")
            // With names looked up from bytes too.
            var named = ValueRedactor(rules: rules, table: PlaceholderTable())
            #expect(named.redactForm(Substring(body), table: rules.formFields, names: rules.formFieldNames) == fast, "\(body)")
            #expect(named.counts == redactor.counts, "\(body)")
        }
    }

    static func counts(_ text: String, rules: CompiledRules) -> [String: Int] {
        var redactor = ValueRedactor(rules: rules, table: PlaceholderTable())
        var form = FormBody(Substring(text))
        for index in form.fields.indices {
            let field = form.fields[index]
            form.fields[index].replacement = redactor.apply(rules.formFields[field.name.lowercased()], to: field.value)
        }
        return redactor.counts
    }

    static let moreBodies = [
        "password=a&username=b&password=REDACTED-password-1&continuation_token=&client_id=x",
        "client_id=1&continuation_token=abc&challenge_type=password+redirect",
        "grant_type=password&password=P%40ss-w%21&scope=openid+profile&Password=again&x=y@example.org",
        "a&b&password&&password=&=password",
    ]

    @Test("Encoding and the percent-or-plus check on bytes agree with the string forms")
    func encodingOnBytes() {
        var generator = CorpusGenerator(seed: 11)
        let pieces = ["a", "Z", "9", "-", ".", "_", "~", " ", "+", "%", "&", "=", "é", "🙂", "/", "?", "REDACTED-x-1", "\u{1}"]
        for _ in 0..<2000 {
            let text = generator.text(from: pieces, upTo: 20)
            var out: [UInt8] = [0x7A]
            FormCodec.appendEscaped(text, to: &out)
            #expect(out == [0x7A] + Array(FormCodec.escape(text).utf8), "\(text)")
            var copy = text
            let encoded = copy.withUTF8 { FormCodec.needsDecoding($0) }
            #expect(encoded == text.utf8.contains { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }, "\(text)")
            let decoded = copy.withUTF8 { FormBody.decode($0, isEncoded: encoded) }
            #expect(decoded == FormBody.decode(Substring(text)), "\(text)")
        }
    }
}
