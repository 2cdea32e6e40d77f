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
        PlantedFault(v2: "v2.pollHrefNotReplaced", "V2", "old link kept") { scene, o in
            // In the reset poll loop, the `poll` link of a poll answer does not replace the one polled first: every
            // later poll goes to the first poll's URL.
            guard scene.step.action == .submitNewPassword, o.actionRequests == scene.requests.count else { return }
            let first = o.requests.count - o.actionRequests
            var firstPoll: String?
            for index in scene.requests.indices.dropFirst() where Answer(scene.requests[index - 1].served).string("action") == "poll" {
                guard let url = firstPoll else {
                    firstPoll = scene.requests[index].url
                    continue
                }
                o.requests[first + index].url = url
            }
        },
        PlantedFault(v2: "v2.tokens.expiresInIgnored", "V2 tokens", "token lifetime ignored") { scene, o in
            // Never trusts the cached lifetime after a V2 sign-in: every getAccessToken sends the refresh-token grant.
            guard scene.cache == .fresh, o.actionRequests == 0, o.callback == TokenCacheRead.expected else { return }
            o.refreshAnyway(served: scene.scripted.first, action: scene.action)
        },
        PlantedFault(v2: "v2.tokens.expiredTokenServed", "V2 tokens", "expired token served from the cache") { scene, o in
            // Never compares the cached expiry with the clock: an expired access token is handed out again.
            guard scene.cache == .expired else { return }
            o.serveFromCache()
        },
        PlantedFault(v2: "v2.tokens.expiryMarginIgnored", "V2 tokens", "expired token served from the cache") { scene, o in
            // Refreshes only once the token has expired, not within MSAL's five minutes before.
            guard scene.cache == .expiring else { return }
            o.serveFromCache()
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
    /// A getAccessToken the cache answered sends the refresh-token grant anyway (served `answer`).
    mutating func refreshAnyway(served answer: FuzzResponse?, action: Int) {
        requests.append(SentRequest(
            url: V2EngineSource.authority.absoluteString + "/oauth2/v2.0/token", headers: [],
            body: Array("grant_type=refresh_token&client_info=true".utf8), continuationToken: nil, served: answer, action: action))
        actionRequests += 1
    }

    /// Replaces a V2 flow error's type `from` (`invalidCode`) by `to`, whatever the error class.
    mutating func swapErrorType(_ from: String, _ to: String) {
        guard outcome?.callback == "onFlowError", let error = outcome?.error, error.hasSuffix("." + from) else { return }
        outcome?.error = String(error.dropLast(from.count)) + to
    }
}
