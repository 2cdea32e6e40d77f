@testable import Inspector
import Testing

@Suite("HTML escaping")
struct HTMLTextTests {
    @Test("Markup characters become character references and plain text stays as it is")
    func markupIsEscaped() {
        #expect(HTMLText.escape(#"<script>alert("x")</script> & 'y'"#)
            == "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;")
        #expect(HTMLText.escape("café ✓ line\nnext") == "café ✓ line\nnext")
    }

    @Test("Control characters and noncharacters are shown as the replacement character")
    func controlCharactersAreReplaced() {
        #expect(HTMLText.escape("a\u{0}b\u{1B}c\u{85}d\u{FFFF}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}")
    }
}
