/// Escaping for text placed in HTML: every character that could end a text node, an attribute
/// value or a comment is written as a character reference, and control characters that HTML
/// cannot hold are shown as U+FFFD. Capture text goes through here before it reaches the page.
enum HTMLText {
    /// `text` safe inside element content and inside a double- or single-quoted attribute value.
    static func escape(_ text: some StringProtocol) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isNoncharacter(scalar.value) {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Unicode noncharacters, which HTML parsers report as errors.
    private static func isNoncharacter(_ value: UInt32) -> Bool {
        (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    }
}
