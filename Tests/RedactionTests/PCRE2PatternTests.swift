import Testing

@testable import Redaction

@Suite("PCRE2Pattern")
struct PCRE2PatternTests {
    @Test("A bad pattern is reported with the rule name, PCRE2's message and the offset")
    func badPatternNamesRuleAndOffset() {
        #expect {
            _ = try PCRE2Pattern("ab(cd", name: "my-rule")
        } throws: { error in
            guard let error = error as? PatternError else { return false }
            return error.rule == "my-rule" && error.offset == 5 && error.message.contains("missing closing parenthesis")
                && error.description.contains("rule 'my-rule'") && error.description.contains("offset 5")
        }
    }

    @Test("Matches are found as byte ranges in UTF-8 text with multibyte characters")
    func matchesInUTF8() throws {
        let pattern = try PCRE2Pattern("[0-9]{3}", name: "digits")
        let text = "é123 ü456 7"
        let ranges = pattern.matchRanges(in: text)
        #expect(ranges == [2..<5, 8..<11])
        #expect(pattern.replacingMatches(in: text) { "<\($0)>" } == "é<123> ü<456> 7")
    }

    @Test("An empty-matching pattern terminates and replaces nothing visible")
    func emptyMatchesTerminate() throws {
        let pattern = try PCRE2Pattern("x*", name: "maybe-x")
        #expect(pattern.matchRanges(in: "aaxxb") == [2..<4])
    }

    @Test("Case-insensitive patterns match either case and no match gives nil")
    func caseInsensitive() throws {
        let pattern = try PCRE2Pattern("secret", name: "s", caseInsensitive: true)
        #expect(pattern.matches("a SeCrEt here"))
        #expect(pattern.replacingMatches(in: "nothing") { _ in "x" } == nil)
    }

    @Test("The built-in patterns are JIT-compiled on this machine")
    func builtInPatternsUseJIT() throws {
        for source in [Patterns.jwt, Patterns.email, Patterns.phone] {
            #expect(try PCRE2Pattern(source, name: "builtin").isJITCompiled)
        }
    }
}
