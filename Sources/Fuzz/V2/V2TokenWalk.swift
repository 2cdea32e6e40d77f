import Oracle

/// `getAccessToken` after a V2 sign-in, judged as V2 cases are. A completed V2 sign-in hands over V1's
/// account result, so the call is MSAL's silent pipeline of client-behaviour §5.9: the Oracle's V1 rows of
/// step `getAccessToken` judge the refresh-token grant, and a call the token cache answers
/// (``TokenCacheRead``, worked out from the flow's script) ends at ``cacheRow`` with nothing sent. The walk
/// is given as a ``V2ChainPrediction`` whose rows are those rows under V2 ids (`T5.9 row 2`), so the V2 judge, V2 row coverage and reports treat it like any other V2 walk.
public enum V2TokenWalk {
    /// A valid access token is cached: handed out, no request (§5.9 item 1).
    public static let cacheRow = V2Row(
        id: "T5.9 cache", request: .token, answer: "a cached access token with more than five minutes left",
        expectation: .outcome(ExpectedOutcome(callback: TokenCacheRead.expected)),
        source: "client-behaviour.md §5.9 item 1 (the token cache, judged from the flow's script)")

    /// The rows a V2 campaign's `getAccessToken` calls are judged by: ``cacheRow`` and the V1 table's §5.9 rows.
    public static let rows: [V2Row] = [cacheRow] + OutcomeTable.rows(for: .getAccessToken).map(row)

    private static let rowsById = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// The V2 id of a V1 row: `T` and its reference without the section sign (`T5.9 row 2`).
    static func id(_ row: OutcomeRow) -> String { "T" + row.specRef.drop { $0 == "§" } }

    /// A V1 §5.9 row under its V2 id.
    static func row(_ row: OutcomeRow) -> V2Row {
        let expectation: V2Expectation = row.expected.map { .outcome($0) } ?? .proceed(to: .token)
        return V2Row(id: id(row), request: .token, answer: row.match.description, expectation: expectation,
                     source: "client-behaviour.md §\(row.specRef) (the Oracle's V1 table)")
    }

    /// The walk of a `getAccessToken` call: the cache row when `read` is `.fresh`, else the V1 walk of
    /// `responses` from step `getAccessToken` (a retry hop has no row, as in V1).
    public static func predict(_ read: TokenCacheRead.State, responses: [FuzzResponse]) -> V2ChainPrediction {
        if read == .fresh { return V2ChainPrediction(expectation: cacheRow.expectation, hops: [], unsentRow: cacheRow) }
        let walk = Judge.predict(step: .getAccessToken, responses: responses)
        let hops = walk.hops.map { hop in
            V2ChainPrediction.Hop(request: .token, row: hop.row.flatMap { rowsById[id($0)] })
        }
        switch walk.expectation {
        case .outcome(let outcome): return V2ChainPrediction(expectation: .outcome(outcome), hops: hops)
        case .proceed: return V2ChainPrediction(expectation: .proceed(to: .token), hops: hops)
        }
    }
}
