import Oracle

/// One fuzz case: a flow, the response it mutates, the operators applied and the resulting answers.
/// Case `index` of seed `seed` is always the same case (see ``CaseGenerator``).
public struct FuzzCase: Sendable, Hashable {
    /// The run seed.
    public var seed: UInt64
    /// The case number within the run.
    public var index: UInt64
    /// The flow's name.
    public var flow: String
    /// The mutated action.
    public var action: Int
    /// The mutated response within the action.
    public var response: Int
    /// The oracle step of the action's first request.
    public var step: Step
    /// Names of the operators applied, primary first.
    public var operators: [String]
    /// What each operator changed.
    public var details: [String]
    /// The action's answers with the mutation applied.
    public var responses: [FuzzResponse]
    /// True when every operator is metamorphic: the outcome must equal the unmutated one.
    public var metamorphic: Bool

    /// `seed:index`, enough to regenerate the case.
    public var id: String { "\(seed):\(index)" }
    /// The primary operator.
    public var primaryOperator: String { operators.first ?? "none" }
    /// The mutated answer.
    public var mutatedResponse: FuzzResponse { responses[response] }

    package init(seed: UInt64, index: UInt64, flow: String, action: Int, response: Int, step: Step, operators: [String],
                 details: [String], responses: [FuzzResponse], metamorphic: Bool) {
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
    }
}

/// Generates cases from a seed: every choice comes from ``FuzzRandom`` seeded with (seed, index).
public struct CaseGenerator: Sendable {
    /// The flows cases are drawn from.
    public let flows: [FuzzFlow]
    /// The operators cases use.
    public let operators: [any MutationOperator]
    /// The run seed.
    public let seed: UInt64
    /// Percentage of cases that get a second, independent operator.
    public var combinationPercent = 15

    /// Operator indexes repeated by weight, so a uniform pick honours the weights.
    private let weighted: [Int]
    /// Per flow: its mutable positions and the continuation token before each (worked out once).
    private let plans: [(positions: [(action: Int, response: Int)], previousTokens: [String?], parsed: [JSONNode?], hopSteps: [Step])]
    /// Operators that build answers for the step the answer goes to (``TableAnswerOperator``), not the action's first.
    private let hopDirected: Set<Int>

    public init(flows: [FuzzFlow], operators: [any MutationOperator] = Operators.all, seed: UInt64) {
        self.flows = flows.filter { !$0.actions.isEmpty }
        self.operators = operators
        self.seed = seed
        weighted = operators.indices.flatMap { Array(repeating: $0, count: max(1, operators[$0].weight)) }
        let hopDirected = Set(operators.indices.filter { operators[$0] is TableAnswerOperator })
        self.hopDirected = hopDirected
        plans = self.flows.map { flow in
            let positions = flow.positions
            let hops: [Step] = hopDirected.isEmpty ? [] : positions.map { CaseGenerator.hopStep(flow: flow, action: $0.action, response: $0.response) }
            return (positions, positions.map { CaseGenerator.previousToken(flow: flow, action: $0.action, response: $0.response) },
                    positions.map { JSONNode.parse(flow.actions[$0.action].responses[$0.response].body) }, hops)
        }
    }

    /// Case number `index`; nil only when no operator applies to any tried position.
    public func make(index: UInt64) -> FuzzCase? {
        guard !flows.isEmpty, !operators.isEmpty else { return nil }
        var random = FuzzRandom(runSeed: seed, caseIndex: index)
        for _ in 0..<8 {
            let flowIndex = random.below(flows.count)
            let flow = flows[flowIndex]
            let plan = plans[flowIndex]
            guard !plan.positions.isEmpty else { continue }
            let position = random.below(plan.positions.count)
            let (action, responseIndex) = plan.positions[position]
            var context = MutationContext(
                step: flow.actions[action].step, responseIndex: responseIndex, previousToken: plan.previousTokens[position])
            var responses = flow.actions[action].responses
            context.parsed = (responses[responseIndex].body, plan.parsed[position])
            let primaryIndex = random.pick(weighted)
            let primary = operators[primaryIndex]
            if hopDirected.contains(primaryIndex), position < plan.hopSteps.count { context.step = plan.hopSteps[position] }
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
            if hopDirected.contains(primaryIndex) {
                TableAnswers.completeChain(step: flow.actions[action].step, responses: &responses, after: responseIndex, random: &random)
            }
            return FuzzCase(
                seed: seed, index: index, flow: flow.name, action: action, response: responseIndex,
                step: flow.actions[action].step, operators: names, details: details, responses: responses,
                metamorphic: metamorphic)
        }
        return nil
    }

    /// The step the oracle's walk of the unmutated answers reaches at (action, response).
    static func hopStep(flow: FuzzFlow, action: Int, response: Int) -> Step {
        let step = flow.actions[action].step
        let prediction = Judge.predict(step: step, responses: flow.actions[action].responses)
        return response < prediction.hops.count ? prediction.hops[response].step : step
    }

    /// The continuation token of the answer before (action, response) in the flow.
    static func previousToken(flow: FuzzFlow, action: Int, response: Int) -> String? {
        var answers: [FuzzResponse] = []
        for a in 0...action {
            let list = flow.actions[a].responses
            answers += a == action ? Array(list[..<response]) : list
        }
        for answer in answers.reversed() {
            if let token = JSONNode.parse(answer.body)?["continuation_token"]?.stringValue { return token }
        }
        return nil
    }
}
