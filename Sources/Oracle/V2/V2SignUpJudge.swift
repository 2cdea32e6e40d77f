/// Block G (sign-up answers to O4, O8, O10) and the password-reset update and poll of block H.
struct V2SignUpJudge {
    typealias Decision = V2Judge.Decision
    let judge: V2Judge

    /// The maximum number of O12 polls (§3.4 H).
    static let pollLimit = 5

    func decide(_ at: V2Position, _ answer: V2OracleAnswer) -> Decision {
        if answer.isWebFallback { return Decision("G15") }
        if let error = answer.error { return signUpError(error) }
        guard answer.continuationToken != nil else { return Decision("K3") }
        if answer.state == "continue" { return Decision("G6") }
        switch answer.action {
        case "collectAttributes":
            guard answer.hasLink("submitAttributes") else { return Decision("K2") }
            return collect(at, Set(answer.attributeIds))
        case "verify":
            guard answer.hasLink("verify") else { return Decision("K2") }
            return Decision((answer.type ?? "email") == "email" ? "G4" : "G5")
        case "challenge":
            // §3.3 r5: the parser fails a `challenge` without `challengeContext.authenticationFactor`.
            guard answer.authenticationFactor != nil else { return Decision("K9") }
            let methods = answer.methods ?? []
            guard !methods.isEmpty, V2Judge.allLinked(methods) else { return Decision("K9") }
            return Decision("G11")
        default:
            return Decision("K9")
        }
    }

    private func collect(_ at: V2Position, _ asked: Set<String>) -> Decision {
        if at.firstCollect {
            var next = at.moved(to: .signUp(V2Requests.submitAttributes))
            next.firstCollect = false
            return Decision("G1", next)
        }
        if asked.contains("email") || !asked.isDisjoint(with: at.sent) { return Decision("G2") }
        if asked.contains("password") { return Decision(asked == ["password"] ? "G2b" : "G2") }
        return Decision("G3")
    }

    private func signUpError(_ error: V2OracleAnswer.ErrorBody) -> Decision {
        if error.aadsts.contains(1_003_037) || error.detailCodes.contains("userAlreadyExists") { return Decision("G9a") }
        if error.aadsts.contains(90100), error.message?.lowercased().contains("username") == true { return Decision("G9b") }
        if error.innerCode == "attributeValidationError" {
            let ids = error.detailAttributeIds
            return Decision(!ids.isEmpty && ids.allSatisfy { $0 == "password" } ? "G8b" : "G7")
        }
        let kind = V2MappedError(error)
        return kind == .passwordTooWeak ? Decision("G8") : judge.mapped("G16", error)
    }

    /// O11 and O12 (block H).
    func resetPassword(_ at: V2Position, _ answer: V2OracleAnswer) -> Decision {
        let polls: Int
        if case .poll(let count) = at.kind { polls = count } else { polls = 0 }
        if answer.isWebFallback { return Decision("H15") }
        if let error = answer.error {
            if polls == 0, V2MappedError(error) == .passwordTooWeak { return Decision("H6") }
            return judge.mapped("H16", error)
        }
        guard answer.continuationToken != nil else { return Decision("K3") }
        if answer.state == "continue" { return Decision(polls == 0 ? "H10" : "H8") }
        guard answer.action == "poll" else { return Decision("H10") }
        guard answer.hasLink("poll") else { return Decision("K2") }
        if polls == 0 { return Decision("H7", at.moved(to: .poll(count: 1))) }
        guard polls < Self.pollLimit else { return Decision("H9") }
        return Decision("H7b", at.moved(to: .poll(count: polls + 1)))
    }
}
