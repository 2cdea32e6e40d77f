import Oracle

/// Where a mutation happens: the step whose response is mutated and the flow around it.
public struct MutationContext: Sendable {
    /// The oracle step of the action whose response is mutated.
    public var step: Step
    /// Index of the response within the action.
    public var responseIndex: Int
    /// The continuation token of the previous response in the flow, if any (for swaps).
    public var previousToken: String?
    /// The unmutated answer's body and its parse, when the generator has it (each flow answer is parsed
    /// once per campaign, not once per case).
    var parsed: (body: [UInt8], node: JSONNode?)?
    /// The protocol of the exchange (`fuzz --serve` tells V2 requests apart); HAL operators also act on
    /// a V2 answer whose body has no HAL member (the O17 token answer).
    public var dialect: WireDialect = .v1
    /// `scheme://host[:port]` the client talks to, when known (HAL operators make hrefs absolute on it).
    public var origin: String?

    public init(step: Step, responseIndex: Int, previousToken: String?) {
        self.step = step
        self.responseIndex = responseIndex
        self.previousToken = previousToken
    }
}

/// A mutated response and a short, secret-free description of what changed (`error=user_not_found`).
public struct Mutated: Sendable, Hashable {
    public var response: FuzzResponse
    public var detail: String

    public init(_ response: FuzzResponse, _ detail: String) {
        self.response = response
        self.detail = detail
    }
}

/// One kind of change to a server response. Operators are small value types; all randomness comes
/// from the generator passed in, so the same seed gives the same mutation.
public protocol MutationOperator: Sendable {
    /// A stable name used in case ids, reports and de-duplication keys.
    var name: String { get }
    /// True when the change must not alter the outcome (metamorphic relation).
    var isMetamorphic: Bool { get }
    /// How often the generator picks this operator relative to others.
    var weight: Int { get }
    /// The mutated response, or nil when the operator does not apply to this response.
    func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated?
}

extension MutationOperator {
    public var isMetamorphic: Bool { false }
    /// How often the generator picks this operator relative to others (default 1).
    public var weight: Int { 1 }
}

/// Helpers shared by the JSON operators.
enum Body {
    /// The body parsed as a JSON object, nil when it is not one.
    static func object(_ response: FuzzResponse) -> JSONNode? {
        guard response.fault == nil, let node = JSONNode.parse(response.body), node.members != nil else { return nil }
        return node
    }

    /// ``object(_:)``, taken from the context's parse when the body is the one parsed there (an unchanged
    /// answer shares its bytes with the flow's, so the comparison is cheap).
    static func object(_ response: FuzzResponse, _ context: MutationContext) -> JSONNode? {
        guard let parsed = context.parsed, parsed.body == response.body else { return object(response) }
        guard response.fault == nil, let node = parsed.node, node.members != nil else { return nil }
        return node
    }

    /// The response with `node` as its compact body.
    static func with(_ response: FuzzResponse, _ node: JSONNode) -> FuzzResponse {
        var copy = response
        copy.body = node.serializedBytes()
        return copy
    }

    /// The response with `text` as its body.
    static func with(_ response: FuzzResponse, text: String) -> FuzzResponse {
        var copy = response
        copy.body = Array(text.utf8)
        return copy
    }
}

/// The operator sets.
public enum Operators {
    /// Every operator that changes the answer it is given (what `fuzz --serve` draws from).
    public static let all: [any MutationOperator] = protocolAware + structural + http + metamorphic + [TransportFaultOperator()]

    /// The default set of a campaign: ``all`` and table-directed answers (``TableAnswerOperator``), which
    /// build an answer for a row of the outcome table and the answers the walk needs after it.
    public static let campaign: [any MutationOperator] = all + [TableAnswerOperator()]

    /// Protocol-aware operators (error catalogue, challenge types, tokens, lists, poll status, numbers).
    public static let protocolAware: [any MutationOperator] = [
        ErrorEnvelopeOperator(), ErrorSwapOperator(), SuberrorSwapOperator(), ErrorCodeSwapOperator(),
        ChallengeTypeOperator(), ContinuationTokenOperator(), ListFieldOperator(), PollStatusOperator(),
        NumberBoundaryOperator(),
    ]
    /// Structural JSON operators.
    public static let structural: [any MutationOperator] = [
        FieldDropOperator(), DuplicateKeyOperator(), TypeChangeOperator(), HugeStringOperator(),
        DeepNestingOperator(), InvalidUTF8Operator(), TruncateOperator(), NonJSONOperator(),
    ]
    /// HTTP operators.
    public static let http: [any MutationOperator] = [StatusSwapOperator(), ContentTypeOperator(), EmptyBodyOperator(), PKeyAuthOperator()]
    /// Metamorphic operators: the outcome must not change.
    public static let metamorphic: [any MutationOperator] = [
        ExtraFieldOperator(), ReorderKeysOperator(), ReencodeOperator(), DescriptionChangeOperator(),
    ]

    /// Looks operators up by name, HAL operators included (unknown names are ignored).
    public static func named(_ names: [String]) -> [any MutationOperator] {
        names.compactMap { name in (all + hal).first { $0.name == name } }
    }
}
