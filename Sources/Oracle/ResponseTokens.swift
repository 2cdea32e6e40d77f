/// What the oracle reads as a body's continuation token, for judges that check the token a new state holds.
public enum ResponseTokens {
    /// The strings a decoder may take for `continuation_token` from `body`: the values of the top-level keys
    /// that name it, either as written or after `.convertFromSnakeCase` (`continuationToken`), in document
    /// order. Empty when the body is not a JSON object (in any encoding MSAL reads) or holds no such string.
    public static func continuationTokens(in body: [UInt8]) -> [String] {
        guard case .object(let members)? = try? StrictJSON.parse(body) else { return [] }
        return members.compactMap { member in
            guard let key = member.key,
                key == "continuation_token" || SnakeCase.propertyName(key) == "continuationToken",
                case .string(let text?) = member.value
            else { return nil }
            return text
        }
    }
}
