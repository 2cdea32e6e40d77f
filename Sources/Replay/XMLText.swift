/// Escaping for markup: text in XML 1.0 (the JUnit reports of replay and fuzz) and, with its
/// own set of characters to replace, in HTML (the inspector's pages). Markup characters become
/// references; characters the format cannot hold become `replacement`, so a diagnostic that
/// quotes a hostile body still gives a well-formed document.
public enum XMLText {
    /// `text` safe inside element content and inside a double- or single-quoted attribute
    /// value. Tab, line feed and carriage return are kept; any other scalar for which
    /// `cannotHold` is true is written as `replacement` (by default the control characters
    /// XML 1.0 forbids, as `?`).
    public static func escape(
        _ text: some StringProtocol, replacement: String = "?", cannotHold: (UInt32) -> Bool = { $0 < 0x20 }
    ) -> String {
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
                if cannotHold(scalar.value) { out += replacement } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
