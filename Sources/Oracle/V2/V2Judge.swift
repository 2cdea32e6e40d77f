/// Picks the §3.4 row for one answer at one position (spec native-auth-v2 §3.3 parser order: web fallback,
/// error, token, `continue`, action) and where the walk goes next when the row proceeds.
struct V2Judge {
    struct Decision {
        var rowId: String
        var next: V2Position?

        init(_ rowId: String, _ next: V2Position? = nil) {
            self.rowId = rowId
            self.next = next
        }
    }

    let step: V2Step
    let profile: V2OracleProfile

    func decide(_ at: V2Position, _ answer: V2OracleAnswer, body: [UInt8]) -> Decision {
        if at.kind == .token { return answer.problem == .transportFailure ? Decision("K8") : token(body) }
        if let problem = answer.problem { return Decision(problem == .transportFailure ? "K8" : "K1") }
        switch at.kind {
        case .authorize: return authorize(at, answer)
        case .resume: return resume(at, answer)
        case .token: return token(body)
        case .entry: return entry(at, answer)
        case .firstFactorChallenge(let upfront): return V2FirstFactorJudge(judge: self).challenge(at, answer, upfront: upfront)
        case .resetChallenge: return methodChallenge(at, answer, mfa: false)
        case .mfaChallenge: return methodChallenge(at, answer, mfa: true)
        case .submitPassword: return V2FirstFactorJudge(judge: self).submitPassword(at, answer)
        case .submitCode: return V2FirstFactorJudge(judge: self).submitCode(at, answer)
        case .resend(let mfa): return resend(answer, mfa: mfa)
        case .submitChallenge: return submitChallenge(at, answer)
        case .signUp: return V2SignUpJudge(judge: self).decide(at, answer)
        case .update, .poll: return V2SignUpJudge(judge: self).resetPassword(at, answer)
        }
    }

    /// The mapped-error row `<prefix><letter>`.
    func mapped(_ prefix: String, _ error: V2OracleAnswer.ErrorBody) -> Decision {
        Decision(prefix + V2MappedError(error).rawValue)
    }

    /// True when every method has a usable `challenge` link (§3.3 r5).
    static func allLinked(_ methods: [V2OracleAnswer.Method]) -> Bool { methods.allSatisfy { $0.challengeHref != nil } }

    // MARK: O1, O2, O17

    private func authorize(_ at: V2Position, _ answer: V2OracleAnswer) -> Decision {
        let (ids, relation): ([String], String) =
            switch at.scenario {
            case .signIn: (["A1", "A2", "A2b", "A3"], "sign_in")
            case .signUp: (["G12", "G13", "G13b", "G14"], "sign_up")
            case .passwordReset: (["H11", "H12", "H12b", "H13"], "reset_password")
            }
        let continues = answer.continuationToken != nil && answer.hasLink(relation)
        if answer.error != nil {
            guard continues else { return Decision(ids[2]) }
            return Decision(ids[1], profile.entryErrorWithContinuationProceeds ? at.moved(to: .entry) : nil)
        }
        guard answer.continuationToken != nil else { return Decision("K3") }
        guard answer.hasLink(relation) else { return Decision(ids[3]) }
        return Decision(ids[0], at.moved(to: .entry))
    }

    private func resume(_ at: V2Position, _ answer: V2OracleAnswer) -> Decision {
        guard answer.error == nil, answer.code != nil else { return Decision("K4") }
        return Decision("K10", at.moved(to: .token))
    }

    /// O17 keeps IdentityCore's raw-JSON reading and V1's token response class (§3.2): a dictionary of
    /// valid values; any `error` member fails; the tokens must be cacheable as V1's oracle judges them.
    private func token(_ body: [UInt8]) -> Decision {
        guard let document = try? StrictJSON.parse(body), document.isFullyValid, let object = document.objectValue else {
            return Decision("K1")
        }
        if V2Fields.present(object["error"]) != nil { return Decision("K5") }
        let v1 = StrictClassifier.classify(endpoint: .token, status: 200, headers: [], body: body)
        return Decision(v1.kind == .success && v1.present.contains(.cacheableTokens) ? "K11" : "K6")
    }

    // MARK: O3, O4, O5

    private func entry(_ at: V2Position, _ answer: V2OracleAnswer) -> Decision {
        switch at.scenario {
        case .signUp: return V2SignUpJudge(judge: self).decide(at, answer)
        case .signIn: return V2FirstFactorJudge(judge: self).signInStart(at, answer)
        case .passwordReset: break
        }
        if answer.isWebFallback { return Decision("H14") }
        if let error = answer.error { return Decision(V2MappedError(error) == .userNotFound ? "H3" : "H14") }
        guard answer.continuationToken != nil else { return Decision("K3") }
        guard answer.state != "continue", answer.action == "challenge", answer.authenticationFactor == "singleFactor" else {
            return Decision("H14")
        }
        let methods = answer.methods ?? []
        guard Self.allLinked(methods) else { return Decision("H2") }
        let usable = methods.filter { $0.type == "email" || $0.type == "sms" }
        switch usable.count {
        case 0: return Decision("H2")
        case 1:
            var next = at.moved(to: .resetChallenge)
            next.methodType = usable[0].type
            return Decision("H1", next)
        default: return Decision("H1b")
        }
    }

    // MARK: O6 of a password-reset method or a second factor, O13

    private func methodChallenge(_ at: V2Position, _ answer: V2OracleAnswer, mfa: Bool) -> Decision {
        if answer.isWebFallback { return Decision(mfa ? "F7" : "H15") }
        if let error = answer.error { return mapped(mfa ? "F8" : "H16", error) }
        guard answer.continuationToken != nil else { return Decision("K3") }
        guard answer.state != "continue" else { return Decision("K9") }
        switch answer.action {
        case "riskverify":
            if at.riskVerified { return Decision(mfa ? "F2b" : "H1d") }
            if at.methodType == "email" { return Decision(mfa ? "F2c" : "H1d") }
            guard answer.hasLink("riskverify") else { return Decision("K2") }
            var next = at
            next.riskVerified = true
            next.awaitingRiskVerify = true
            return Decision(mfa ? "F2" : "H1c", next)
        case "verify":
            guard answer.hasLink("verify") else { return Decision("K2") }
            if mfa { return Decision("F1") }
            let type = answer.type ?? "email"
            return Decision(type == "email" || type == "sms" ? "H4" : "K9")
        default:
            return Decision("K9")
        }
    }

    // MARK: O7, MFA O8

    private func resend(_ answer: V2OracleAnswer, mfa: Bool) -> Decision {
        if answer.isWebFallback { return Decision("E7") }
        if let error = answer.error { return mapped("E4", error) }
        guard answer.continuationToken != nil else { return Decision("K3") }
        guard answer.state != "continue", answer.action == "verify" else { return Decision("K9") }
        guard answer.hasLink("verify") else { return Decision("K2") }
        if mfa { return Decision("E6") }
        switch answer.type ?? "email" {
        case "email": return Decision("E1")
        case "sms": return Decision("E2")
        default: return Decision("E3")
        }
    }

    private func submitChallenge(_ at: V2Position, _ answer: V2OracleAnswer) -> Decision {
        if answer.isWebFallback { return Decision("F7") }
        if let error = answer.error {
            return V2MappedError(error) == .invalidCode ? Decision("F5") : mapped("F8", error)
        }
        guard answer.continuationToken != nil else { return Decision("K3") }
        guard answer.state == "continue" else { return Decision("K9") }
        return at.scenario == .signIn ? Decision("F4", at.moved(to: .resume)) : Decision("F4b")
    }
}
