import Oracle

/// One V2 fuzz case: a flow, the answer it changes, the operators applied and the action's answers after
/// the change. Case `index` of seed `seed` is always the same case (``V2CaseGenerator``).
public struct V2FuzzCase: Sendable, Hashable {
    public var seed: UInt64
    public var index: UInt64
    public var flow: String
    /// The action whose answer changed.
    public var action: Int
    /// The changed answer within the action.
    public var response: Int
    /// The oracle step of the action.
    public var step: V2Step
    /// Names of the operators applied, primary first.
    public var operators: [String]
    /// What each operator changed (secret-free).
    public var details: [String]
    /// The action's answers with the change applied.
    public var responses: [FuzzResponse]
    /// True when every operator is metamorphic: the outcome must equal the unmutated one.
    public var metamorphic: Bool
    /// For a `getAccessToken` action, what the token cache holds (``V2FuzzFlow/tokenRead(action:)``); nil otherwise.
    public var tokenRead: TokenCacheRead.State? = nil

    /// `seed:index`, enough to regenerate the case.
    public var id: String { "\(seed):\(index)" }
    public var primaryOperator: String { operators.first ?? "none" }
    public var mutatedResponse: FuzzResponse { responses[response] }
    /// The step as verdicts name it: `getAccessToken` for token calls, else the V2 step.
    public var stepName: String { tokenRead == nil ? "\(step)" : "getAccessToken" }

    package init(seed: UInt64, index: UInt64, flow: String, action: Int, response: Int, step: V2Step, operators: [String],
                 details: [String], responses: [FuzzResponse], metamorphic: Bool, tokenRead: TokenCacheRead.State? = nil) {
        self.seed = seed
        self.index = index
        self.flow = flow
        self.action = action
        self.response = response
        self.step = step
        self.operators = operators
        self.details = details
        self.responses = responses
        self.metamorphic = metamorphic
        self.tokenRead = tokenRead
    }

    /// The unmutated action `action` of `flow` as a case (the baseline).
    public static func plain(_ flow: V2FuzzFlow, action: Int, seed: UInt64) -> V2FuzzCase {
        V2FuzzCase(seed: seed, index: 0, flow: flow.name, action: action, response: 0, step: flow.actions[action].step,
                   operators: ["none"], details: ["unmutated"], responses: flow.actions[action].responses, metamorphic: false,
                   tokenRead: flow.tokenRead(action: action))
    }
}

/// The operators of V2 campaigns: the HAL operators and the generic ones that make sense on JSON answers
/// (structural, HTTP, metamorphic, transport faults; ``Operators/applicable(_:to:)`` for `.v2`).
extension Operators {
    public static let v2: [any MutationOperator] = applicable(serve, to: .v2)
}

/// Generates V2 cases from a seed: every choice comes from ``FuzzRandom`` seeded with (seed, index).
public struct V2CaseGenerator: Sendable {
    public let flows: [V2FuzzFlow]
    public let operators: [any MutationOperator]
    public let seed: UInt64
    /// Percentage of cases that get a second, independent operator.
    public var combinationPercent = 15
    private let weighted: [Int]
    /// Per flow: its positions, the token of the answer before each, and each answer parsed once.
    private let plans: [(positions: [(action: Int, response: Int)], previousTokens: [String?], parsed: [JSONNode?])]

    public init(flows: [V2FuzzFlow], operators: [any MutationOperator] = Operators.v2, seed: UInt64) {
        self.flows = flows.filter { !$0.actions.isEmpty }
        self.operators = operators
        self.seed = seed
        weighted = operators.indices.flatMap { Array(repeating: $0, count: max(1, operators[$0].weight)) }
        plans = self.flows.map { flow in
            let positions = flow.positions
            return (positions, positions.map { V2CaseGenerator.previousToken(flow: flow, action: $0.action, response: $0.response) },
                    positions.map { JSONNode.parse(flow.actions[$0.action].responses[$0.response].body) })
        }
    }

    /// Case number `index`; nil only when no operator applies to any tried position.
    public func make(index: UInt64) -> V2FuzzCase? {
        guard !flows.isEmpty, !operators.isEmpty else { return nil }
        var random = FuzzRandom(runSeed: seed, caseIndex: index)
        for _ in 0..<8 {
            let flowIndex = random.below(flows.count)
            let flow = flows[flowIndex]
            let plan = plans[flowIndex]
            guard !plan.positions.isEmpty else { continue }
            let position = random.below(plan.positions.count)
            let (action, responseIndex) = plan.positions[position]
            // The V1 step is unused by the operators V2 draws from; they read the dialect and the origin.
            var context = MutationContext(step: .signInInitiate, responseIndex: responseIndex, previousToken: plan.previousTokens[position])
            context.dialect = .v2
            context.origin = V2EngineSource.origin
            var responses = flow.actions[action].responses
            context.parsed = (responses[responseIndex].body, plan.parsed[position])
            let primary = operators[random.pick(weighted)]
            guard let first = primary.mutate(responses[responseIndex], context: context, random: &random) else { continue }
            responses[responseIndex] = first.response
            var names = [primary.name]
            var details = [first.detail]
            var metamorphic = primary.isMetamorphic
            if random.chance(combinationPercent) {
                let second = operators[random.pick(weighted)]
                if let extra = second.mutate(responses[responseIndex], context: context, random: &random) {
                    responses[responseIndex] = extra.response
                    names.append(second.name)
                    details.append(extra.detail)
                    metamorphic = metamorphic && second.isMetamorphic
                }
            }
            return V2FuzzCase(seed: seed, index: index, flow: flow.name, action: action, response: responseIndex,
                              step: flow.actions[action].step, operators: names, details: details, responses: responses,
                              metamorphic: metamorphic, tokenRead: flow.tokenRead(action: action))
        }
        return nil
    }

    /// The continuation token of the answer before (action, response) in the flow (either spelling).
    static func previousToken(flow: V2FuzzFlow, action: Int, response: Int) -> String? {
        var answers: [FuzzResponse] = []
        for a in 0...action {
            let list = flow.actions[a].responses
            answers += a == action ? Array(list[..<response]) : list
        }
        for answer in answers.reversed() {
            guard let node = JSONNode.parse(answer.body) else { continue }
            if let token = (node["continuationToken"] ?? node["continuation_token"])?.stringValue { return token }
        }
        return nil
    }
}
