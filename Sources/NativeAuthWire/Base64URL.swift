/// Base64url without padding (RFC 4648 §5), as JWTs, `client_info`, PKCE challenges and continuation
/// tokens use: ``Base64`` with the URL-safe alphabet (the emulator's and the engine's encoder) and its
/// one acceptance rule for decoding (white space refused).
public enum Base64URL {
    /// The base64url text of `input`, without padding.
    public static func encode(_ input: some Sequence<UInt8>) -> String { Base64.encode(input, urlSafe: true) }

    /// The bytes of base64url (or base64) text, nil when it breaks ``Base64``'s rule.
    public static func decode(_ string: some StringProtocol) -> [UInt8]? { Base64.decode(string) }
}

extension Base64URL {
    /// The text MSAL hands Foundation's `Data(base64Encoded:)` for base64url text (IdentityCore's reading
    /// of `client_info` and JWT segments, which the engine copies): `-` becomes `+`, `_` becomes `/` and
    /// `=` is appended up to a multiple of four. Nil for text holding a byte that is not ASCII, or a CR,
    /// which Foundation refuses whatever the padding. The engine decodes the result with Foundation, not
    /// with ``Base64``: Foundation accepts some misplaced padding that ``Base64``'s rule refuses (`YQ=Q`),
    /// and MSAL accepts what Foundation does.
    public static func standardPadded(_ text: some StringProtocol) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"): out.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): out.append(UInt8(ascii: "/"))
            case UInt8(ascii: "\r"), 0x80...: return nil
            default: out.append(byte)
            }
        }
        while out.count % 4 != 0 { out.append(UInt8(ascii: "=")) }
        return out
    }
}
