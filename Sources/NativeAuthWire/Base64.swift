/// Base64 (RFC 4648 §4) and base64url (§5): the one codec of authtape outside the Oracle (which keeps its
/// own, for independence) and the engine's reading of `client_info` and JWTs (which follows Foundation's
/// `Data(base64Encoded:)` as MSAL does).
///
/// One acceptance rule, for every reader and every check: symbols of either alphabet (`+` `/` or `-` `_`,
/// even mixed), then at most two `=` and nothing after them (padding is optional), and not one symbol over
/// a multiple of four (a lone sixth of a byte cannot come from any input). ASCII white space (space, tab,
/// LF, CR) is skipped where `whiteSpace` is `.skipped` (HAR bodies, which exporters wrap in lines) and
/// refused otherwise (tokens). ``isValid(_:whiteSpace:)`` says yes exactly when ``decode(_:whiteSpace:)``
/// gives bytes, so no check accepts what the decoder then refuses.
public enum Base64 {
    /// What white space in a text means.
    public enum WhiteSpace: Sendable {
        /// Skipped wherever it stands (HAR bodies).
        case skipped
        /// Not base64 (tokens, `client_info`, JWT segments).
        case refused
    }

    private static let standard = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let urlSafe = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let space: UInt8 = 0xFE
    private static let invalid: UInt8 = 0xFF

    /// Each byte's symbol value, ``space`` for white space, ``invalid`` for anything else.
    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        for (index, char) in standard.enumerated() { table[Int(char)] = UInt8(index) }
        table[Int(UInt8(ascii: "-"))] = 62
        table[Int(UInt8(ascii: "_"))] = 63
        for char in [0x20, 0x09, 0x0A, 0x0D] { table[char] = space }
        return table
    }()

    /// Encodes bytes: the standard alphabet with padding, or base64url (`urlSafe`) without.
    public static func encode(_ input: some Sequence<UInt8>, urlSafe: Bool = false) -> String {
        let bytes = Array(input)
        let alphabet = urlSafe ? Self.urlSafe : standard
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out.append(alphabet[Int(n >> 18)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(alphabet[Int(n >> 6 & 63)])
            out.append(alphabet[Int(n & 63)])
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            var n = UInt32(bytes[index]) << 16
            if rest == 2 { n |= UInt32(bytes[index + 1]) << 8 }
            out.append(alphabet[Int(n >> 18)])
            out.append(alphabet[Int(n >> 12 & 63)])
            if rest == 2 { out.append(alphabet[Int(n >> 6 & 63)]) }
            if !urlSafe { out += Array(repeating: UInt8(ascii: "="), count: 3 - rest) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether ``decode(_:whiteSpace:)`` would give bytes, without decoding.
    public static func isValid(_ text: some StringProtocol, whiteSpace: WhiteSpace = .refused) -> Bool {
        scan(text, whiteSpace) { _ in }
    }

    /// The decoded bytes, or nil when `text` breaks the rule above.
    public static func decode(_ text: some StringProtocol, whiteSpace: WhiteSpace = .refused) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count / 4 * 3 + 2)
        var accumulator: UInt32 = 0
        var bits = 0
        let valid = scan(text, whiteSpace) { value in
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return valid ? out : nil
    }

    /// The rule both `isValid` and `decode` follow; hands each symbol's value to `symbol`, in order, until
    /// the text breaks the rule; whether it kept it to the end.
    @inline(__always)
    private static func scan(_ text: some StringProtocol, _ whiteSpace: WhiteSpace, _ symbol: (UInt8) -> Void) -> Bool {
        var symbols = 0
        var padding = 0
        let skipsSpace = whiteSpace == .skipped
        var copy = String(text)
        let kept = copy.withUTF8 { bytes in
            for byte in bytes {
                if byte == UInt8(ascii: "=") {
                    padding += 1
                    continue
                }
                let value = decodeTable[Int(byte)]
                if value == space, skipsSpace { continue }
                if value >= space || padding > 0 { return false }
                symbols += 1
                symbol(value)
            }
            return true
        }
        return kept && symbols % 4 != 1 && padding <= 2
    }
}
