import Foundation
import NativeAuth
import Oracle

extension FuzzRunner {
    /// Secrets of a case: values the user typed and tokens the server sent.
    package static func secrets(flow: FuzzFlow, fuzzCase: FuzzCase) -> [String] {
        var secrets: [String] = []
        for index in 0...fuzzCase.action {
            secrets += flow.actions[index].call.secrets
            secrets += tokens(in: index == fuzzCase.action ? fuzzCase.responses : flow.actions[index].responses)
        }
        return secrets.filter(isSecret)
    }

    /// The token values (`continuation_token`, access, refresh and id tokens) of some answers.
    static func tokens(in answers: [FuzzResponse]) -> [String] {
        var tokens: [String] = []
        for answer in answers {
            guard let node = JSONNode.parse(answer.body) else { continue }
            for key in ["continuation_token", "access_token", "refresh_token", "id_token"] {
                tokens += node.values(of: key).compactMap(\.stringValue)
            }
        }
        return tokens
    }

    /// A value worth checking for: six characters or more, and not just `A`s (the huge-string filler).
    static func isSecret(_ value: String) -> Bool {
        hasSixCharacters(value) && !isFiller(value)
    }

    /// `value.utf8.allSatisfy { $0 == "A" }`, eight bytes at a time (a huge-string filler is a megabyte).
    static func isFiller(_ value: String) -> Bool {
        let a = UInt8(ascii: "A")
        return value.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            let count = buffer.count
            var i = 0
            let word: UInt64 = 0x4141_4141_4141_4141
            while i + 8 <= count {
                if UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) != word { return false }
                i += 8
            }
            while i < count {
                if base[i] != a { return false }
                i += 1
            }
            return true
        } ?? value.utf8.allSatisfy { $0 == a }
    }

    /// `value.count >= 6` without counting every character of a long value.
    static func hasSixCharacters(_ value: String) -> Bool {
        // Six ASCII bytes other than CR are six characters (only CR LF joins ASCII into one character),
        // so most values are decided without breaking them into characters.
        let utf8 = value.utf8
        if utf8.count < 6 { return false }
        if utf8.prefix(6).allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return true }
        return !value.dropFirst(5).isEmpty
    }
}

/// The secrets of each flow action's unmutated prefix (typed values up to the action, tokens of the
/// earlier actions' answers), so a case only reads the tokens of its own answers.
struct SecretsPlan: Sendable {
    /// Per flow name: per action, the prefix's secrets (already filtered with `isSecret`), and the action's
    /// unmutated answers with the tokens of each, so a case parses only the answers it changed.
    private let prefixes: [String: [(secrets: [String], answers: [FuzzResponse], tokens: [[String]])]]

    init(flows: [FuzzFlow]) {
        var prefixes: [String: [(secrets: [String], answers: [FuzzResponse], tokens: [[String]])]] = [:]
        for flow in flows where prefixes[flow.name] == nil {
            var running: [String] = []
            var perAction: [(secrets: [String], answers: [FuzzResponse], tokens: [[String]])] = []
            for action in flow.actions {
                let tokens = action.responses.map { FuzzRunner.tokens(in: [$0]) }
                perAction.append(((running + action.call.secrets).filter(FuzzRunner.isSecret), action.responses, tokens))
                running += action.call.secrets + tokens.flatMap { $0 }
            }
            prefixes[flow.name] = perAction
        }
        self.prefixes = prefixes
    }

    /// Equal to ``FuzzRunner/secrets(flow:fuzzCase:)`` (filtering distributes over the concatenation).
    func secrets(flow: FuzzFlow, fuzzCase: FuzzCase) -> [String] {
        guard let perAction = prefixes[flow.name], fuzzCase.action < perAction.count else {
            return FuzzRunner.secrets(flow: flow, fuzzCase: fuzzCase)
        }
        let plan = perAction[fuzzCase.action]
        var secrets = plan.secrets
        for (index, answer) in fuzzCase.responses.enumerated() {
            // Unchanged answers share their bytes with the flow's, so this comparison is cheap.
            let tokens = index < plan.answers.count && plan.answers[index] == answer
                ? plan.tokens[index] : FuzzRunner.tokens(in: [answer])
            secrets += tokens.filter(FuzzRunner.isSecret)
        }
        return secrets
    }
}
