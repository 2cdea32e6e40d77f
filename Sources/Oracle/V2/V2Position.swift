/// Where a V2 walk stands: which request the next answer answers and what the flow knows so far.
struct V2Position: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// O1.
        case authorize
        /// O3 / O4 / O5.
        case entry
        /// O6 of a sign-in first factor (block B); `upfrontPassword`: the start's password may be sent.
        case firstFactorChallenge(upfrontPassword: Bool)
        /// O6 of a password-reset method (block H).
        case resetChallenge
        /// O6 of a second factor (block F select).
        case mfaChallenge
        /// O9 (block C).
        case submitPassword
        /// O8 of a sign-in or password-reset code (block D).
        case submitCode
        /// O7 (block E); `mfa`: `resendChallenge` of the MFA verification state.
        case resend(mfa: Bool)
        /// O8 of a second factor (block F submit).
        case submitChallenge
        /// O4 / O8 / O10 of sign-up (block G), answering `request`.
        case signUp(V2Request)
        /// O11.
        case update
        /// O12, the `count`th poll.
        case poll(count: Int)
        /// O2.
        case resume
        /// O17.
        case token
    }

    var kind: Kind
    var scenario: V2Scenario
    /// The challenge type of the method whose O6 (or O13) is answered.
    var methodType: String?
    /// An O13 was sent in this action.
    var riskVerified = false
    /// Sign-up: no `collectAttributes` answer was auto-submitted yet.
    var firstCollect = false
    /// Sign-up: attribute ids already sent.
    var sent: Set<String> = []
    /// A `riskverify` answer at O6 leads to O13.
    var awaitingRiskVerify = false

    /// The request this position's answer answers.
    var request: V2Request {
        if awaitingRiskVerify { return V2Requests.riskVerify }
        switch kind {
        case .authorize: return .authorizeChallenge
        case .entry:
            switch scenario {
            case .signIn: return V2Requests.signInStart
            case .signUp: return V2Requests.signUpStart
            case .passwordReset: return V2Requests.resetStart
            }
        case .firstFactorChallenge, .resetChallenge, .mfaChallenge: return V2Requests.challenge
        case .submitPassword, .submitCode, .submitChallenge: return V2Requests.verify
        case .resend: return V2Requests.resend
        case .signUp(let request): return request
        case .update: return V2Requests.update
        case .poll: return V2Requests.poll
        case .resume: return .resume
        case .token: return .token
        }
    }

    func moved(to kind: Kind) -> V2Position {
        var next = self
        next.kind = kind
        next.awaitingRiskVerify = false
        return next
    }

    /// The row that created the state `step` acts on, when that state exists only in an uncertain row:
    /// a sign-up selection (G11, 2.18.1 notes only) is judged with block B's rows, which are not uncertain.
    static func stateRowId(_ step: V2Step) -> String? {
        step.scenario == .signUp && step.action == .selectAuthMethod && step.role != .secondFactor ? "G11" : nil
    }

    /// Where an action starts, or the row that ends it before any request is sent.
    static func start(_ step: V2Step, profile: V2OracleProfile) -> Result<V2Position, V2Stop> {
        var position = V2Position(kind: .authorize, scenario: step.scenario, methodType: step.methodType)
        let secondFactor = step.role == .secondFactor
        switch step.action {
        case .start:
            position.firstCollect = true
            position.sent = Set(step.sentAttributes).union(["email"])
            if step.passwordGiven, profile.sendsUpfrontPassword { position.sent.insert("password") }
            return .success(position)
        case .selectAuthMethod:
            if secondFactor {
                // §3.4 F: `selectAuthMethod` fails only outside sign-in and password reset (source 59128915120);
                // only `submitChallenge` depends on the profile.
                guard step.scenario != .signUp else { return .failure(V2Stop(rowId: "F6")) }
                position.kind = .mfaChallenge
            } else {
                switch step.scenario {
                case .signIn: position.kind = .firstFactorChallenge(upfrontPassword: false)
                case .passwordReset: position.kind = .resetChallenge
                case .signUp:
                    guard profile.signUpExistingAccountSelection else { return .failure(V2Stop(rowId: "F6")) }
                    position.kind = .firstFactorChallenge(upfrontPassword: false)
                }
            }
        case .submitCode, .submitPassword, .submitAttributes:
            if step.scenario == .signUp {
                let request = step.action == .submitCode ? V2Requests.verify : V2Requests.submitAttributes
                position.kind = .signUp(request)
                position.firstCollect = step.sentAttributes.isEmpty
                position.sent = Set(step.sentAttributes).union(["email"])
                if step.action == .submitPassword { position.sent.insert("password") }
            } else if step.action == .submitCode {
                position.kind = secondFactor ? .submitChallenge : .submitCode
            } else {
                position.kind = .submitPassword
            }
        case .resendCode where !secondFactor: position.kind = .resend(mfa: false)
        case .resendCode, .resendChallenge:
            guard profile.hasResendChallenge else { return .failure(V2Stop(rowId: "E6")) }
            position.kind = .resend(mfa: true)
        case .submitChallenge:
            guard step.scenario == .signIn || (step.scenario == .passwordReset && profile.passwordResetMFA) else {
                return .failure(V2Stop(rowId: "F6"))
            }
            position.kind = .submitChallenge
        case .submitNewPassword: position.kind = .update
        case .signIn: position.kind = .resume
        }
        return .success(position)
    }
}

/// An action that ends on a row without sending a request.
struct V2Stop: Error, Sendable, Hashable {
    var rowId: String
}
