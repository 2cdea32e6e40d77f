import Foundation
import Oracle
import Testing

@testable import Fuzz

@Suite("Mutation operators and case generation")
struct OperatorTests {
    static let base = BaseFlows.signUpWithAttributes.actions[0].responses[1]
    static let errorBase = BaseFlows.signUpWithAttributes.actions[1].responses[0]
    static let pollBase = BaseFlows.resetPassword.actions[2].responses[1]
    static let context = MutationContext(step: .signUpStart, responseIndex: 1, previousToken: "SU-CT-1")

    @Test("every operator gives the same mutation for the same seed", arguments: Operators.all.map(\.name))
    func deterministic(name: String) {
        let op = Operators.named([name])[0]
        for seed in UInt64(1)...20 {
            var first = FuzzRandom(seed: seed)
            var second = FuzzRandom(seed: seed)
            let a = op.mutate(Self.base, context: Self.context, random: &first)
            let b = op.mutate(Self.base, context: Self.context, random: &second)
            #expect(a == b)
        }
    }

    @Test("every operator changes the response for some seed", arguments: Operators.all.map(\.name))
    func changes(name: String) {
        let op = Operators.named([name])[0]
        let changed = (UInt64(1)...40).contains { seed in
            var random = FuzzRandom(seed: seed)
            for response in [Self.base, Self.errorBase, Self.pollBase] {
                if let mutated = op.mutate(response, context: Self.context, random: &random), mutated.response != response { return true }
            }
            return false
        }
        #expect(changed)
    }

    @Test("case i of seed s is the same case every time, and another seed gives other cases")
    func generatorIsSeeded() {
        let one = CaseGenerator(flows: BaseFlows.all, seed: 42)
        let again = CaseGenerator(flows: BaseFlows.all, seed: 42)
        let other = CaseGenerator(flows: BaseFlows.all, seed: 43)
        let indexes = (UInt64(0)..<200)
        #expect(indexes.map { one.make(index: $0) } == indexes.map { again.make(index: $0) })
        #expect(indexes.map { one.make(index: $0) } != indexes.map { other.make(index: $0) })
        // Order of generation does not matter.
        #expect(one.make(index: 150) == indexes.reversed().map { again.make(index: $0) }.first { $0?.index == 150 } ?? nil)
    }

    @Test("a long run of cases covers every flow and most operators")
    func coverage() {
        let generator = CaseGenerator(flows: BaseFlows.all, seed: 7)
        let cases = (UInt64(0)..<3_000).compactMap { generator.make(index: $0) }
        #expect(Set(cases.map(\.flow)) == Set(BaseFlows.all.map(\.name)))
        let used = Set(cases.flatMap(\.operators))
        #expect(used.count >= Operators.all.count - 1)
        #expect(cases.contains { $0.operators.count == 2 })
    }

    @Test("metamorphic operators keep the oracle's prediction for base answers")
    func metamorphicKeepsOracle() {
        for flow in BaseFlows.all {
            for action in flow.actions {
                for index in action.responses.indices {
                    let plain = Judge.predict(step: action.step, responses: action.responses).expectation
                    for op in Operators.metamorphic {
                        var random = FuzzRandom(seed: UInt64(index + 1))
                        let context = MutationContext(step: action.step, responseIndex: index, previousToken: nil)
                        guard let mutated = op.mutate(action.responses[index], context: context, random: &random) else { continue }
                        var responses = action.responses
                        responses[index] = mutated.response
                        #expect(Judge.predict(step: action.step, responses: responses).expectation == plain,
                                "\(op.name) \(mutated.detail) changed the oracle's view of \(flow.name)")
                    }
                }
            }
        }
    }

    @Test("the JSON tree keeps member order and duplicate keys through a round trip")
    func jsonRoundTrip() throws {
        let text = #"{"b":1,"a":[true,null,"x\"y"],"b":{"c":-1.5e3}}"#
        let node = try #require(JSONNode.parse(Array(text.utf8)))
        #expect(node.serialized() == text)
        #expect(node.values(of: "b").count == 2)
        #expect(JSONNode.parse(Array(#"{"a":1"#.utf8)) == nil)
        #expect(JSONNode.parse(Array("{\"a\":\"\u{FF}\"}".utf8))?.serialized() == "{\"a\":\"\u{FF}\"}")
    }

    @Test("the case decoder turns bytes into the case they encode")
    func decoder() throws {
        let decoder = CaseDecoder()
        let bytes = CaseDecoder.encode(flow: 2, position: 1, operatorIndex: 0, seed: 99)
        let decoded = try #require(decoder.decode(bytes))
        #expect(decoded.flow == BaseFlows.all[2].name)
        #expect(decoded.operators == [Operators.all[0].name])
        #expect(decoder.decode(bytes) == decoded)
        let raw = try #require(decoder.decode([0, 0, 1, 1] + Array(#"{"error":"x"}"#.utf8)))
        #expect(raw.mutatedResponse.status == 400)
        #expect(raw.mutatedResponse.bodyText == #"{"error":"x"}"#)
        #expect(decoder.decode([1, 2]) == nil)
    }
}
