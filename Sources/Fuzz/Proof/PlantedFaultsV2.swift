import NativeAuth
import Oracle

/// Deliberate faults of the V2 engine (spec native-auth-v2 §3.4): each a bug an SDK author could write,
/// expressed as the change it makes to what the real V2 engine did (``PlantedFault/apply(flow:action:to:)``
/// for a ``V2FuzzFlow``, seeing the case's ``V2FaultScene``). ``V2FaultProof`` shows a V2 campaign catches each.
extension PlantedFaults {
    /// Every planted V2 fault.
    public static let v2: [PlantedFault] = [
        PlantedFault(v2: "v2.invalidOneTimeCodeAsGeneral", "V2", "wrong error type for an inner error") { _, o in
            // Reads `error.code` only, not `innerError.code` invalidOneTimeCode: a wrong code is a general error.
            o.swapErrorType("invalidCode", "generalError")
        },
        PlantedFault(v2: "v2.invalidPasswordAsGeneral", "V2", "wrong error type for an inner error") { _, o in
            o.swapErrorType("invalidPassword", "generalError")
        },
        PlantedFault(v2: "v2.webFallbackNotBrowserRequired", "V2", "redirect ignored") { _, o in
            // `webFallbackRequired` (or a redirect) not mapped to browserRequired.
            o.swapErrorType("browserRequired", "generalError")
        },
        PlantedFault(v2: "v2.userNotFoundAsGeneral", "V2", "wrong error type") { _, o in
            o.swapErrorType("userNotFound", "generalError")
        },
        PlantedFault(v2: "v2.previousTokenKept", "V2", "old continuation token kept") { scene, o in
            // The new state keeps the token the action's first request sent instead of the latest answer's.
            guard o.outcome?.newState != nil, let old = scene.sentToken, o.outcome?.newStateToken != old else { return }
            o.outcome?.newStateToken = old
        },
        PlantedFault(v2: "v2.pollAnswerTokenIgnored", "V2", "old continuation token kept") { scene, o in
            // In the reset poll loop, the token of a poll answer does not replace the one polled with: the state
            // handed over after the loop carries the token of the answer that started it.
            guard scene.step.action == .submitNewPassword, o.outcome?.newState != nil, scene.served.count > 2,
                  let first = Answer(scene.served.first).v2Token, o.outcome?.newStateToken != first else { return }
            o.outcome?.newStateToken = first
        },
        PlantedFault(v2: "v2.retryAdded", "V2", "a retry added") { scene, o in
            // Retries once after a broken connection or a 5xx, as V1's transport does; V2 does not retry (§3.2).
            guard let last = scene.served.last, last.observedStatus == 0 || last.observedStatus >= 500,
                  var again = o.requests.last else { return }
            again.served = nil
            o.requests.append(again)
            o.actionRequests += 1
        },
        PlantedFault(v2: "v2.errorStateKept", "V2", "newState kept wrongly") { scene, o in
            // Hands the held state back with an error, where V2 hands over no state (§3.1: states are reused).
            guard o.callback == "onFlowError", o.outcome?.newState == nil, let token = scene.sentToken else { return }
            o.outcome?.newState = "MSALNativeAuthCodeRequiredState"
            o.outcome?.newStateToken = token
        },
    ]
}

extension Answer {
    /// A V2 answer's continuation token (`continuationToken`, or O1's `continuation_token`).
    var v2Token: String? { string("continuationToken") ?? token }
}

extension Observation {
    /// Replaces a V2 flow error's type `from` (`invalidCode`) by `to`, whatever the error class.
    mutating func swapErrorType(_ from: String, _ to: String) {
        guard outcome?.callback == "onFlowError", let error = outcome?.error, error.hasSuffix("." + from) else { return }
        outcome?.error = String(error.dropLast(from.count)) + to
    }
}
