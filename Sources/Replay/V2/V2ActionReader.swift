import Driver
import HAR
import NativeAuthWire
import Oracle

/// Reads the user actions of one V2 flow, exchange by exchange (``V2ScriptInference``): which requests
/// the SDK sent by itself, and what each of the user's requests was called with.
struct V2ActionReader {
    let flow: [V2RecordedExchange]
    private let answers: [V2RecordedAnswer]
    /// The journey, once the entry link followed is known.
    private(set) var scenario: V2Scenario?
    /// Where each continuation token was handed out: the index of the exchange whose answer holds it.
    private var holderOfToken: [String: Int] = [:]
    /// Tokens of second-factor verification answers (after an MFA selection).
    private var secondFactorTokens: Set<String> = []
    /// Sign-up attribute ids sent so far.
    private var sentAttributes: [String] = []
    /// The index of the entry request (O3, O4, O5).
    private var entryIndex: Int?
    /// Whether the action being read is on a second factor.
    private var secondFactorAction = false

    init(flow: [V2RecordedExchange]) {
        self.flow = flow
        answers = flow.map(\.answer)
    }

    /// The flow's kind as reports name it.
    var kind: String {
        switch scenario {
        case .signIn: "v2SignIn"
        case .signUp: "v2SignUp"
        case .passwordReset: "v2ResetPassword"
        case nil: "v2"
        }
    }

    // MARK: what the SDK sends by itself

    /// Whether the request at `index` is one the SDK sends by itself after the exchange before it.
    func isAuto(_ index: Int) -> Bool {
        guard index > 0 else { return false }
        let exchange = flow[index]
        let previous = flow[index - 1]
        let answer = answers[index - 1]
        switch exchange.operation {
        case .start: return false
        case .codeExchange: return previous.operation == .resume && answer.answer.code != nil
        case .resume:
            return answer.answer.state == V2State.continue.rawValue && (scenario ?? .signIn) == .signIn
                && exchange.requestToken == answer.answer.continuationToken
        case .interaction:
            if previous.operation == .start { return entryRelation(of: exchange, in: answer) != nil }
            guard exchange.requestToken == answer.answer.continuationToken else { return false }
            let relations = answer.relations(at: exchange.decodedPath)
            switch answer.answer.action {
            case V2Action.riskverify.rawValue: return relations.contains(V2Action.riskverify.rawValue)
            case V2Action.poll.rawValue: return relations.contains(V2Action.poll.rawValue)
            case V2Action.collectAttributes.rawValue: return scenario == .signUp && index - 1 == entryIndex
            case V2Action.challenge.rawValue:
                guard answer.factor != V2AuthenticationFactor.multiFactor.rawValue,
                    answer.methods.contains(where: { $0.challengePath?.lowercased() == exchange.decodedPath.lowercased() })
                else { return false }
                let usable = scenario == .passwordReset
                    ? answer.methods.filter { $0.type == "email" || $0.type == "sms" } : answer.methods
                return usable.count == 1
            default: return false
            }
        }
    }

    /// The entry relation (`signIn`, `signUp`, `resetPassword`) of the link `exchange` follows in an O1 answer.
    private func entryRelation(of exchange: V2RecordedExchange, in answer: V2RecordedAnswer) -> V2Scenario? {
        for relation in answer.relations(at: exchange.decodedPath) {
            switch V2LinkRelation(relation) {
            case .signIn: return .signIn
            case .signUp: return .signUp
            case .resetPassword: return .passwordReset
            default: continue
            }
        }
        return nil
    }

    // MARK: what the user called

    /// Notes what the exchange at `index` handed out and sent (call in order, for every exchange).
    mutating func record(_ index: Int) {
        let exchange = flow[index]
        let answer = answers[index]
        if exchange.operation == .start {
            secondFactorAction = false
        }
        if case .object(let attributes)? = exchange.jsonMember(V2Key.attributes) {
            sentAttributes += attributes.keys.filter { !sentAttributes.contains($0) }
        }
        guard let token = answer.answer.continuationToken, !token.isEmpty else { return }
        holderOfToken[token] = index
        let action = answer.answer.action
        if secondFactorAction, action == V2Action.verify.rawValue || action == V2Action.riskverify.rawValue {
            secondFactorTokens.insert(token)
        }
    }

    /// The user action the request at `index` starts, with its oracle step; nil when it starts none.
    mutating func action(at index: Int) -> (V2UserAction, V2Step)? {
        let exchange = flow[index]
        switch exchange.operation {
        case .start: return start(at: index)
        case .codeExchange: return nil
        case .resume:
            secondFactorAction = false
            let next = index + 1 < flow.count && flow[index + 1].operation == .codeExchange ? flow[index + 1] : nil
            var scopes = V2ScriptInference.scopes(next?.formField(V2Key.scope))
            if scopes == V2ScriptInference.scopes(flow.first?.formField(V2Key.scope)) { scopes = [] }
            return (.signInAfterFlow(scopes: scopes), V2Step(scenario: scenario ?? .signIn, action: .signIn))
        case .interaction: return interaction(at: index)
        }
    }

    private mutating func start(at index: Int) -> (V2UserAction, V2Step)? {
        let o1 = flow[index]
        let entry = index + 1 < flow.count ? flow[index + 1] : nil
        scenario = entry.flatMap { entryRelation(of: $0, in: answers[index]) } ?? firstAdvertisedEntry(answers[index])
        entryIndex = scenario == nil ? nil : index + 1
        let username = entry?.jsonMember(V2Key.username)?.stringValue
        let scopes = V2ScriptInference.scopes(o1.formField(V2Key.scope))
        switch scenario ?? .signIn {
        case .signIn:
            let claims = o1.formField(V2Key.claims)
            return (.signIn(username: username ?? "", scopes: scopes, claims: claims), V2Step(scenario: .signIn, action: .start))
        case .passwordReset:
            return (.resetPassword(username: username ?? "", scopes: scopes), V2Step(scenario: .passwordReset, action: .start))
        case .signUp:
            // The up-front values travel in the O10 the SDK answers the first `collectAttributes` with.
            var upfront: [String: String] = [:]
            if index + 2 < flow.count, case .object(let object)? = flow[index + 2].jsonMember(V2Key.attributes),
                answers[index + 1].answer.action == V2Action.collectAttributes.rawValue
            {
                for (key, value) in object { if let text = value.stringValue { upfront[key] = text } }
            }
            let email = upfront.removeValue(forKey: "email")
            let password = upfront.removeValue(forKey: V2Key.password)
            let step = V2Step(scenario: .signUp, action: .start, passwordGiven: password != nil,
                              sentAttributes: upfront.keys.sorted())
            return (.signUp(username: username ?? email ?? "", password: password, attributes: upfront, scopes: scopes), step)
        }
    }

    private func firstAdvertisedEntry(_ answer: V2RecordedAnswer) -> V2Scenario? {
        for link in answer.answer.links {
            switch V2LinkRelation(link.relation) {
            case .signIn: return .signIn
            case .signUp: return .signUp
            case .resetPassword: return .passwordReset
            default: continue
            }
        }
        return nil
    }

    private mutating func interaction(at index: Int) -> (V2UserAction, V2Step)? {
        let exchange = flow[index]
        let token = exchange.requestToken
        let holder = token.flatMap { holderOfToken[$0] }.map { answers[$0] }
        let scenario = scenario ?? .signIn
        let secondFactor = token.map(secondFactorTokens.contains) ?? false
        let path = exchange.decodedPath.lowercased()
        if let holder, holder.answer.action == V2Action.challenge.rawValue,
            let method = holder.methods.first(where: { $0.challengePath?.lowercased() == path })
        {
            let mfa = holder.factor == V2AuthenticationFactor.multiFactor.rawValue
            secondFactorAction = mfa
            return (.selectAuthMethod(methodId: method.id),
                    V2Step(scenario: scenario, action: .selectAuthMethod, role: mfa ? .secondFactor : .firstFactor,
                           methodType: method.type))
        }
        secondFactorAction = secondFactor
        let sent = scenario == .signUp ? sentAttributes : []
        if let otp = exchange.jsonMember(V2Key.otp)?.stringValue {
            return secondFactor
                ? (.submitChallenge(challenge: otp), V2Step(scenario: scenario, action: .submitChallenge, role: .secondFactor))
                : (.submitCode(code: otp), V2Step(scenario: scenario, action: .submitCode, sentAttributes: sent))
        }
        if let password = exchange.jsonMember(V2Key.newPassword)?.stringValue {
            return (.submitNewPassword(password: password), V2Step(scenario: scenario, action: .submitNewPassword))
        }
        if let password = exchange.jsonMember(V2Key.password)?.stringValue {
            return (.submitPassword(password: password), V2Step(scenario: scenario, action: .submitPassword))
        }
        if case .object(let object)? = exchange.jsonMember(V2Key.attributes) {
            var attributes: [String: String] = [:]
            for (key, value) in object { attributes[key] = value.stringValue ?? value.serializedString() }
            if holder?.attributeIds == [V2Key.password], attributes.count == 1, let password = attributes[V2Key.password] {
                return (.submitPassword(password: password), V2Step(scenario: scenario, action: .submitPassword, sentAttributes: sent))
            }
            return (.submitAttributes(attributes: attributes),
                    V2Step(scenario: scenario, action: .submitAttributes, sentAttributes: sent))
        }
        if let holder, holder.relations(at: exchange.decodedPath).contains("resend")
            || holder.answer.action == V2Action.verify.rawValue
        {
            return secondFactor
                ? (.resendChallenge, V2Step(scenario: scenario, action: .resendChallenge, role: .secondFactor))
                : (.resendCode, V2Step(scenario: scenario, action: .resendCode))
        }
        return nil
    }
}
