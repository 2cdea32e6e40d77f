import NativeAuth

/// Shrinks a finding's mutated response while it keeps the same finding key: drops JSON members,
/// shortens long strings, removes headers. Every candidate is judged afresh from its own bytes.
struct Minimiser {
    let runner: FuzzRunner
    let baseline: [String: Outcome]
    let watchdog: Watchdog
    /// Candidate runs allowed per finding.
    var budget = 48

    func minimiseAll(_ set: FindingSet<FuzzCase>) async -> FindingSet<FuzzCase> {
        var result = set
        for finding in set.findings where finding.key.kind != .hang && finding.key.kind != .prefixBroken {
            if let smaller = await minimise(finding.example, key: finding.key) { result.setMinimised(smaller, for: finding.key) }
        }
        return result
    }

    func minimise(_ original: FuzzCase, key: FindingKey) async -> FuzzCase? {
        var best = original
        var runs = 0
        var improved = true
        while improved, runs < budget {
            improved = false
            for candidate in Self.candidates(best.mutatedResponse) {
                guard runs < budget else { break }
                runs += 1
                var trial = best
                trial.responses[trial.response] = candidate
                let (verdict, _) = await runner.judge(trial, baseline: baseline["\(trial.flow)#\(trial.action)"],
                                                       watchdog: watchdog, slot: 0)
                let trialKey = FindingKey(kind: verdict.kind, step: verdict.step, operatorName: trial.primaryOperator,
                                          expected: verdict.expected, actual: verdict.actual)
                if trialKey == key {
                    best = trial
                    improved = true
                    break
                }
            }
        }
        guard best != original else { return nil }
        best.details.append("minimised")
        return best
    }

    /// Smaller variants of a response, smallest change first.
    static func candidates(_ response: FuzzResponse) -> [FuzzResponse] {
        var out: [FuzzResponse] = []
        if let node = JSONNode.parse(response.body), let members = node.members {
            for index in members.indices {
                var fewer = members
                fewer.remove(at: index)
                out.append(Body.with(response, .object(fewer)))
            }
            for (index, member) in members.enumerated() {
                if let text = member.value.stringValue, text.count > 32 {
                    var shorter = members
                    shorter[index].value = .string(String(text.prefix(16)))
                    out.append(Body.with(response, .object(shorter)))
                }
            }
        } else if response.body.count > 64 {
            var half = response
            half.body = Array(response.body.prefix(response.body.count / 2))
            out.append(half)
        }
        for index in response.headers.indices {
            var fewer = response
            fewer.headers.remove(at: index)
            out.append(fewer)
        }
        return out
    }
}

extension FindingSet<FuzzCase> {
    mutating func setMinimised(_ fuzzCase: FuzzCase, for key: FindingKey) {
        updateFinding(key) { $0.minimised = fuzzCase }
    }
}
