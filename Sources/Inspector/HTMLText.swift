import Replay

/// Escaping for text placed in HTML: every character that could end a text node, an attribute
/// value or a comment is written as a character reference, and control characters that HTML
/// cannot hold are shown as U+FFFD. Capture text goes through here before it reaches the page.
enum HTMLText {
    /// `text` safe inside element content and inside a double- or single-quoted attribute value.
    static func escape(_ text: some StringProtocol) -> String {
        XMLText.escape(text, replacement: "\u{FFFD}") { value in
            value < 0x20 || (0x7F...0x9F).contains(value) || isNoncharacter(value)
        }
    }

    /// Unicode noncharacters, which HTML parsers report as errors.
    private static func isNoncharacter(_ value: UInt32) -> Bool {
        (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    }
}
