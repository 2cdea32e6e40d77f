/// The syntax of redaction placeholders, `REDACTED-<kind>-<n>`: written by the redaction, read by
/// every part that meets a capture (matching, replay, the inspector, the fuzzer's repro captures).
/// The one place that knows it; the Oracle, which imports nothing of ours, keeps its own.
public enum Placeholder {
    /// The prefix of every placeholder.
    public static let prefix = "REDACTED-"
    /// `prefix` as static text, for code that copies its bytes.
    public static let prefixText: StaticString = "REDACTED-"
    /// `prefix` as bytes, for byte searches.
    public static let prefixBytes: [UInt8] = Array(prefix.utf8)

    /// The placeholder of the `number`th value of `kind` (`REDACTED-email-2`).
    public static func make(kind: String, number: Int) -> String { "\(prefix)\(kind)-\(number)" }

    /// Whether `value` has the shape `REDACTED-<kind>-<digits>` with a kind of `a-z`, `0-9` and `_`.
    public static func isPlaceholder(_ value: String) -> Bool {
        guard value.hasPrefix(prefix) else { return false }
        let rest = value.utf8.dropFirst(prefix.utf8.count)
        guard let dash = rest.lastIndex(of: UInt8(ascii: "-")) else { return false }
        let digits = rest[rest.index(after: dash)...]
        let kind = rest[..<dash]
        return !digits.isEmpty && digits.allSatisfy { $0 >= 48 && $0 <= 57 } && !kind.isEmpty
            && kind.allSatisfy { isKindByte($0) }
    }

    private static func isKindByte(_ byte: UInt8) -> Bool {
        (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == 95
    }
}
