import HAR
import Testing

@testable import Redaction

@Suite("Rule files")
struct RuleFileTests {
    @Test("A YAML rule file adds its rules to the built-in ones, and its rules win")
    func yamlExtendsDefaults() throws {
        let set = try RuleFile.parse(
            """
            rules:
              - name: session
                header: X-Session-Key
                kind: session
              - name: keep-username
                form: username
                action: keep
              - name: order
                pattern: 'ORD-[0-9]{6}'
                kind: order
            """, file: "rules.yaml")
        #expect(set.rules.count == RuleSet.nativeAuthDefaults.rules.count + 3)
        var entry = NativeAuthSamples.entry(
            "/x", form: [("username", "kept@example.com"), ("password", "pw-1"), ("note", "ORD-123456")], status: 200,
            json: "{}", index: 0, requestHeaders: [HARHeader(name: "x-session-key", value: "abc")])
        entry = try Redactor(ruleSet: set).redact(entry).entry
        let text = entry.request.postData?.text ?? ""
        #expect(text.contains("username=kept%40example.com"))
        #expect(text.contains("password=REDACTED-password-1"))
        #expect(text.contains("note=REDACTED-order-1"))
        #expect(entry.request.headers.last?.value == "REDACTED-session-1")
    }

    @Test("A JSON rule file can replace the built-in rules")
    func jsonReplacesDefaults() throws {
        let set = try RuleFile.parse(#"{"defaults": "replace", "rules": [{"json": "secret"}]}"#, file: "rules.json")
        #expect(set.rules == [RedactionRule(name: "json:secret", target: .jsonKey("secret"), kind: "secret")])
        let entry = NativeAuthSamples.entry("/x", form: [("password", "stays")], status: 200, json: #"{"secret":"s1"}"#, index: 0)
        let redacted = try Redactor(ruleSet: set).redact(entry).entry
        #expect(redacted.request.postData?.text == "password=stays")
        #expect(redacted.response.content.text == #"{"secret":"REDACTED-secret-1"}"#)
    }

    @Test("Malformed rule files are reported with the file and the place in it")
    func malformedRuleFilesNameTheLocation() {
        let cases: [(String, String)] = [
            ("rules:\n  - frm: password\n", "rules.yaml: rules[0].frm: unknown key"),
            ("rules:\n  - form: a\n    header: b\n", "rules.yaml: rules[0]: names more than one target (form, header)"),
            ("rules:\n  - form: a\n    action: scramble\n", "rules.yaml: rules[0].action: must be one of redact, keep, redact-values-inside"),
            ("defaults: merge\nrules: []\n", "rules.yaml: defaults: must be 'extend' or 'replace'"),
            ("rule: []\n", "rules.yaml: rule: unknown key"),
            ("rules: [\n", "rules.yaml: not valid YAML or JSON"),
        ]
        for (text, expected) in cases {
            do {
                _ = try RuleFile.parse(text, file: "rules.yaml")
                Issue.record("no error for \(text)")
            } catch {
                #expect(error.description.hasPrefix(expected), "got: \(error.description)")
            }
        }
    }

    @Test("An invalid regular expression in a rule file names the rule when compiled")
    func invalidPatternNamesRule() throws {
        let set = try RuleFile.parse("rules:\n  - name: broken\n    pattern: '[a-'\n", file: "r.yaml")
        #expect(throws: PatternError.self) { _ = try Redactor(ruleSet: set) }
        do {
            _ = try Redactor(ruleSet: set)
        } catch {
            #expect(error.rule == "broken")
        }
    }
}
