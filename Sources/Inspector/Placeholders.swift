import HAR

/// Redaction placeholders (`REDACTED-<kind>-<n>`) in capture text: finding them, and marking
/// them up so that each is highlighted and the same one can be followed across exchanges.
enum Placeholders {
    static let prefix = Placeholder.prefixBytes

    /// One run of text: plain, or one whole placeholder.
    struct Segment: Equatable {
        var text: String
        var isPlaceholder: Bool
    }

    /// `text` cut into plain runs and placeholders, in order.
    static func segments(_ text: String) -> [Segment] {
        let bytes = Array(text.utf8)
        var segments: [Segment] = []
        var plainStart = 0
        var index = 0
        while index + prefix.count < bytes.count {
            guard bytes[index] == prefix[0], bytes[index..<(index + prefix.count)].elementsEqual(prefix),
                let end = placeholderEnd(bytes, from: index + prefix.count)
            else {
                index += 1
                continue
            }
            if plainStart < index { segments.append(Segment(text: string(bytes[plainStart..<index]), isPlaceholder: false)) }
            segments.append(Segment(text: string(bytes[index..<end]), isPlaceholder: true))
            index = end
            plainStart = end
        }
        if plainStart < bytes.count { segments.append(Segment(text: string(bytes[plainStart...]), isPlaceholder: false)) }
        return segments
    }

    /// The placeholders in `text`, each once, in order of first appearance.
    static func names(in text: String) -> [String] {
        var seen = Set<String>()
        return segments(text).filter { $0.isPlaceholder && seen.insert($0.text).inserted }.map(\.text)
    }

    /// The end of the longest `<kind>-<digits>` run starting at `start`: the kind is one or more of
    /// letters, digits, `_`, `.` and `-`, and the run ends after the last digit of a `-<digits>` tail.
    private static func placeholderEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var end = start
        while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
        var best: Int?
        var position = start + 1
        while position < end {
            if bytes[position] == UInt8(ascii: "-") {
                var digits = position + 1
                while digits < end, isDigit(bytes[digits]) { digits += 1 }
                if digits > position + 1, digits == end || !isDigit(bytes[digits]) { best = digits }
            }
            position += 1
        }
        return best
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// `text` escaped for HTML with every placeholder wrapped in a highlighted, linkable `<mark>`.
    static func markup(_ text: String) -> String {
        var out = ""
        for segment in segments(text) {
            if segment.isPlaceholder {
                out += mark(segment.text)
            } else {
                out += HTMLText.escape(segment.text)
            }
        }
        return out
    }

    /// The `<mark>` of one placeholder; its colour class follows from its name, so the same
    /// placeholder has the same colour everywhere on the page.
    static func mark(_ name: String) -> String {
        let escaped = HTMLText.escape(name)
        return #"<mark class="ph phc\#(colour(of: name))" data-ph="\#(escaped)">\#(escaped)</mark>"#
    }

    /// Number of placeholder colours in the stylesheet.
    static let colours = 8

    /// A colour index for a name: FNV-1a of its UTF-8, so it is the same on every run.
    static func colour(of name: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash % UInt32(colours))
    }
}
