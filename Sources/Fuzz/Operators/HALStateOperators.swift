import NativeAuthWire

// HAL state operators (spec native-auth-v2 §1.3, §1.4, §1.7): `state`, `action`, `challengeContext` and
// web fallback of a V2 answer; V1 answers are left alone.

/// Sets `state` to a value outside the open set's known ones (a near-miss spelling, empty, unheard of).
public struct HALUnknownStateOperator: MutationOperator {
    public var name: String { "halUnknownState" }
    public var weight: Int { 2 }
    public init() {}
    static let values = ["interaction_required", "InteractionRequired", "", "completed", "pendingApproval", "webFallback"]
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = HAL.object(response, context) else { return nil }
        let value = random.pick(HALUnknownStateOperator.values)
        return Mutated(Body.with(response, node.setting(V2Key.state, to: .string(value))), "\(V2Key.state)=\(value)")
    }
}

/// Sets `action` to a value outside the known ones; Android keeps the raw value and answers
/// `UnsupportedAction`, the others fail (§1.3).
public struct HALUnknownActionOperator: MutationOperator {
    public var name: String { "halUnknownAction" }
    public var weight: Int { 2 }
    public init() {}
    static let values = ["Verify", "verify_otp", "", "approve", "selectMethod", "passkey"]
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = HAL.object(response, context) else { return nil }
        let value = random.pick(HALUnknownActionOperator.values)
        return Mutated(Body.with(response, node.setting(V2Key.action, to: .string(value))), "\(V2Key.action)=\(value)")
    }
}

/// Replaces the answer, at whatever step, with a web fallback in one of the forms of §1.7: the
/// `webFallbackRequired` state with or without its `webFallback` link, the nested or flat
/// `redirect_to_web` error, or Android 8.7.0's `invalid_grant` + `web_redirect_required`.
public struct HALWebFallbackOperator: MutationOperator {
    public var name: String { "halWebFallback" }
    public var weight: Int { 2 }
    public init() {}

    public enum Form: String, CaseIterable, Sendable {
        case state, stateWithoutLink, nestedError, flatError, webRedirectRequired
    }

    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = HAL.object(response, context) else { return nil }
        let form = random.pick(Form.allCases)
        let message = "Finish signing in with the browser."
        var out = response
        switch form {
        case .state, .stateWithoutLink:
            var members: [(key: String, value: JSONNode)] = [(V2Key.state, .string(V2State.webFallbackRequired.rawValue))]
            members.append((V2Key.continuationToken, .string(HAL.token(node) ?? "FZ-CT-\(random.below(1000))")))
            if form == .state {
                let href = (context.origin ?? "https://login.fuzz.invalid") + "/fuzz/oauth2/v2.0/authorize"
                members.append((V2Key.links, .object([(V2LinkRelation.webFallback.rawValue, .object([(V2Key.href, .string(href))]))])))
            }
            out = Body.with(response, .object(members))
            out.status = 200
        case .nestedError:
            out = Body.with(response, .object([(V2Key.error, .object([
                (V2Key.code, .string(V2ErrorCode.redirectToWeb.rawValue)), (V2Key.message, .string(message)),
            ]))]))
            out.status = 400
        case .flatError:
            out = Body.with(response, .object([
                (V2Key.error, .string(V2ErrorCode.redirectToWeb.rawValue)), ("error_description", .string(message)),
            ]))
            out.status = 400
        case .webRedirectRequired:
            out = Body.with(response, .object([(V2Key.error, .object([
                (V2Key.code, .string(V2ErrorCode.invalidGrant.snakeCase)), (V2Key.message, .string(message)),
                (V2Key.innerError, .object([(V2Key.code, .string(V2ErrorCode.webRedirectRequired.rawValue))])),
            ]))]))
            out.status = 400
        }
        return Mutated(out, "\(out.status) web fallback (\(form.rawValue))")
    }
}

/// Takes `challengeContext` away from a `challenge` answer, or breaks it: the whole member removed
/// (the main case), `authenticationFactor` removed, an unknown factor, or the wrong type. JS and iOS
/// reject a challenge without a factor (§1.3).
public struct HALChallengeContextOperator: MutationOperator {
    public var name: String { "halChallengeContext" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = HAL.object(response, context), node[V2Key.challengeContext] != nil else { return nil }
        let out: JSONNode
        let detail: String
        switch random.below(6) {
        case 0:
            out = node.setting(V2Key.challengeContext, to: .object([]))
            detail = "\(V2Key.authenticationFactor) removed"
        case 1:
            out = node.setting(V2Key.challengeContext, to: .object([(V2Key.authenticationFactor, .string("thirdFactor"))]))
            detail = "\(V2Key.authenticationFactor)=thirdFactor"
        case 2:
            out = node.setting(V2Key.challengeContext, to: .string(V2AuthenticationFactor.singleFactor.rawValue))
            detail = "\(V2Key.challengeContext) as string"
        default:
            out = node.removing(V2Key.challengeContext)
            detail = "\(V2Key.challengeContext) removed"
        }
        return Mutated(Body.with(response, out), detail)
    }
}
