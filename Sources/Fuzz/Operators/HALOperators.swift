/// The HAL-aware operator set (spec native-auth-v2) and which operators suit which dialect.
extension Operators {
    /// HAL-aware operators for V2 answers: links dropped, renamed, templated, absolute, on another origin
    /// or on `http:`, an unknown relation, state or action, web fallback, `challengeContext` removed,
    /// every §1.6 error and broken `innerError`s. They leave V1 answers alone.
    public static let hal: [any MutationOperator] = [
        HALLinkDropOperator(), HALLinkRenameOperator(), HALHrefTemplatedOperator(), HALHrefAbsoluteOperator(),
        HALHrefOtherOriginOperator(), HALHrefHTTPOperator(), HALUnknownRelationOperator(), HALUnknownStateOperator(),
        HALUnknownActionOperator(), HALWebFallbackOperator(), HALChallengeContextOperator(), HALErrorCodeOperator(),
        HALInnerErrorOperator(),
    ]

    /// What `fuzz --serve` draws from by default: ``all`` and ``hal``; each exchange is given only the
    /// operators of its dialect (``applicable(_:to:)``), so V1 exchanges draw from ``all`` exactly as before.
    public static let serve: [any MutationOperator] = all + hal

    /// Operators that speak V1's flat vocabulary (`error` strings, `suberror`, `continuation_token`,
    /// `challenge_type`, …) and make no sense on a V2 answer.
    static let v1Only: Set<String> = Set((protocolAware + [TableAnswerOperator()]).map(\.name))
    static let halNames: Set<String> = Set(hal.map(\.name))

    /// The operators of `operators` that suit answers of `dialect`: V1 answers never get HAL operators,
    /// V2 answers never get the V1 protocol-aware ones; structural, HTTP, metamorphic and transport
    /// operators suit both. The order of `operators` is kept.
    public static func applicable(_ operators: [any MutationOperator], to dialect: WireDialect) -> [any MutationOperator] {
        let excluded = dialect == .v1 ? halNames : v1Only
        return operators.filter { !excluded.contains($0.name) }
    }
}
