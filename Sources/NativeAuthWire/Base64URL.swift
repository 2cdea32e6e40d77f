/// Base64url without padding (RFC 4648 §5), as JWTs, `client_info`, PKCE challenges and continuation
/// tokens use: ``Base64`` with the URL-safe alphabet (the emulator's and the engine's encoder) and its
/// one acceptance rule for decoding (white space refused).
public enum Base64URL {
    /// The base64url text of `input`, without padding.
    public static func encode(_ input: some Sequence<UInt8>) -> String { Base64.encode(input, urlSafe: true) }

    /// The bytes of base64url (or base64) text, nil when it breaks ``Base64``'s rule.
    public static func decode(_ string: some StringProtocol) -> [UInt8]? { Base64.decode(string) }
}
