/// Block K of spec native-auth-v2 §3.4 (generic rows) and the completion chain O2 → O17 (§1.8).
extension V2OutcomeTable {
    static func genericRows(_ p: V2OracleProfile) -> [V2Row] {
        let k = "iOS-J/I"
        let any = V2Requests.any
        return [
            V2Row(
                id: "K1", request: any, answer: "body not a JSON object, or a field the parser reads has the wrong type",
                expectation: V2Expect.generalError, source: k + "; §3.2 (serialization error)"),
            V2Row(
                id: "K2", request: any, answer: "the link the action needs is missing", expectation: V2Expect.generalError,
                source: k + " (\"Invalid interaction response: missing '<rel>' link\")"),
            V2Row(id: "K3", request: any, answer: "no continuation token", expectation: V2Expect.generalError, source: k + " (§3.3 r4)"),
            V2Row(
                id: "K4", request: .resume, answer: "O2 with an `error` or without `code`", expectation: V2Expect.generalError,
                source: k + " (§3.3 r3)"),
            V2Row(
                id: "K5", request: .token, answer: "O17 body with `error`", expectation: V2Expect.generalError,
                source: "iOS-I parser tests (description, codes)"),
            V2Row(
                id: "K6", request: .token, answer: "O17 tokens that cannot be cached (no access or id token, bad `client_info`)",
                expectation: V2Expect.generalError, source: k + " (token cache failure)"),
            V2Row(
                id: "K7", request: any, answer: "a state without its per-state delegate (not judged by the walk)",
                expectation: V2Expect.fails("notImplemented"), source: "iOS-T test_dispatch_mfaRequired_nonConformingDelegate_callsNotImplementedWithDelegateName"),
            V2Row(
                id: "K8", request: any, answer: "status 0: no response (no retry in V2)", expectation: V2Expect.generalError,
                source: "§3.2, §1.11 (iOS-J: empty HAL object)"),
            V2Row(
                id: "K9", request: any, answer: "unknown or missing `action`, or an answer no row of the step names",
                expectation: V2Expect.generalError, source: k + " (§3.3 r7)"),
            V2Row(id: "K10", request: .resume, answer: "O2 with `code`", expectation: V2Expect.go(.token), source: "§1.8; §3.3 r3"),
            V2Row(
                id: "K11", request: .token, answer: "O17 token JSON with cacheable tokens", expectation: V2Expect.completed,
                source: "§1.8; iOS-I parser tests (V1 token response class)"),
        ]
    }
}
