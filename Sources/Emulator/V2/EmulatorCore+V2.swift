import Foundation
import NativeAuthWire

extension EmulatorCore {
    /// The V2 routing hook: answers `authorize-challenge`, the code exchange at `/token`
    /// (`grant_type=authorization_code`) and `/{tenant}/api/v2.0/…`; nil for anything else (V1 answers it).
    func handleV2(_ request: EmulatorRequest) -> EmulatorResponse? {
        let path = request.path
        guard path.count > 1 else { return nil }
        let rest = path.dropFirst()
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let tenant = String(rest[..<slash])
        let suffix = rest[slash...]
        let exchange: V2Exchange
        if suffix == V2Path.authorizeChallenge {
            exchange = .authorize
        } else if suffix == V2Path.token {
            guard request.method == "POST", let form = try? FormCodec.decode(bytes: request.body),
                form[V2Key.grantType] == V2Key.authorizationCodeGrant
            else { return nil }
            exchange = .token(form)
        } else if suffix.hasPrefix(V2Path.apiPrefix) {
            exchange = .interaction(V2Route(suffix.dropFirst(V2Path.apiPrefix.count)))
        } else {
            return nil
        }
        let correlationID = request.headers["client-request-id"] ?? ""
        let traceID = UUID().uuidString.lowercased()
        let fault = state.withLock { state in
            state.faults.serverErrorRate > 0
                && Double.random(in: 0..<1, using: &state.random) < state.faults.serverErrorRate
        }
        var response: EmulatorResponse
        switch exchange {
        case _ where fault:
            if case .interaction = exchange {
                var failure = V2Failure(.serverError, aadsts: 500011, "Injected server error (authtape fault knob).")
                failure.status = 500
                response = v2ErrorResponse(failure, correlationID: correlationID, traceID: traceID)
            } else {
                response = envelope(
                    NativeAuthError(.serverError, 500011, "Injected server error (authtape fault knob)."),
                    status: 500, correlationID: correlationID, traceID: traceID)
            }
        case .authorize:
            response = v2Authorize(request, tenant: tenant, correlationID: correlationID, traceID: traceID)
        case .token(let form):
            response = v2Token(request, form: form, tenant: tenant, correlationID: correlationID, traceID: traceID)
        case .interaction(let route):
            response = v2Interaction(route, request, tenant: tenant, correlationID: correlationID, traceID: traceID)
        }
        if !correlationID.isEmpty { response.headers.append(("client-request-id", correlationID)) }
        response.headers.append(("x-ms-request-id", traceID))
        logger.debug(
            "native-auth v2 request",
            metadata: ["exchange": "\(exchange.name)", "status": "\(response.status)", "correlation": "\(correlationID)"])
        return response
    }

    private func v2Interaction(
        _ route: V2Route?, _ request: EmulatorRequest, tenant: String, correlationID: String, traceID: String
    ) -> EmulatorResponse {
        do throws(V2Failure) {
            guard let route else {
                var failure = V2Failure(.invalidRequest, aadsts: nil, "No such endpoint.")
                failure.status = 404
                throw failure
            }
            guard isOurTenant(Substring(tenant)) else {
                throw V2Failure(.invalidRequest, aadsts: 90002, "Tenant '\(tenant)' not found.")
            }
            guard request.method == route.method else {
                var failure = V2Failure(.invalidRequest, aadsts: 90056, "This endpoint only accepts \(route.method) requests.")
                failure.status = 405
                throw failure
            }
            guard let body = EmulatorJSON.parse(Data(request.body)), case .object = body else {
                throw V2Failure(.invalidRequest, aadsts: 900144, "The request body must be a JSON object.")
            }
            let c = V2Context(
                tenant: tenant, method: request.method, body: body, correlationID: correlationID, traceID: traceID,
                now: now, origin: "\(request.headers["x-authtape-scheme"] ?? "http")://\(request.headers["host"] ?? "127.0.0.1")")
            switch try v2Answer(route, c) {
            case .hal(let json): return .json(200, json)
            case .webFallback(let token): return v2WebFallback(token: token, c)
            }
        } catch {
            return v2ErrorResponse(error, correlationID: correlationID, traceID: traceID)
        }
    }

    private func v2Answer(_ route: V2Route, _ c: V2Context) throws(V2Failure) -> V2Answer {
        switch route {
        case .signInStart: return try v2SignInStart(c)
        case .signUpStart: return try v2SignUpStart(c)
        case .resetStart: return try v2ResetStart(c)
        case .methodChallenge(let type, let id): return try v2MethodChallenge(c, type: type, id: id, mfa: false)
        case .methodVerify(let type, let id): return try v2MethodVerify(c, type: type, id: id, mfa: false)
        case .mfaChallenge(let type, let id): return try v2MethodChallenge(c, type: type, id: id, mfa: true)
        case .mfaVerify(let type, let id): return try v2MethodVerify(c, type: type, id: id, mfa: true)
        case .methodRecover:
            throw V2Failure(.invalidRequest, aadsts: nil, "Inline password recovery is not emulated; follow reset_password.")
        case .riskVerify: return try v2RiskVerify(c)
        case .enroll(let type): return try v2Enroll(c, type: type)
        case .activate(let type): return try v2Activate(c, type: type)
        case .signUpSubmitAttributes: return try v2SignUpSubmitAttributes(c)
        case .signUpVerify: return try v2SignUpVerify(c)
        case .signUpResend: return try v2SignUpResend(c)
        case .resetUpdate: return try v2ResetUpdate(c)
        case .resetPoll: return try v2ResetPoll(c)
        }
    }

    func v2ErrorResponse(_ failure: V2Failure, correlationID: String, traceID: String) -> EmulatorResponse {
        let correlation = correlationID.isEmpty ? "00000000-0000-0000-0000-000000000000" : correlationID.lowercased()
        return .json(
            failure.status,
            failure.body(
                casing: config.nativeAuthV2.errorCodeCasing, correlationID: correlation, traceID: traceID,
                timestamp: UTCTimestamp.string(clock.now)))
    }

    /// The web-fallback answer in the shape the profile names (spec §1.7).
    private func v2WebFallback(token: String, _ c: V2Context) -> EmulatorResponse {
        let message = "The client must complete authentication in a browser."
        switch config.nativeAuthV2.webFallbackSignal {
        case .state:
            var hal = V2HAL(.webFallbackRequired, token: token)
            hal.link(.webFallback, "\(c.origin)/\(c.tenant)/oauth2/v2.0/authorize")
            return .json(200, hal.json)
        case .nestedError:
            return v2ErrorResponse(
                V2Failure(.redirectToWeb, aadsts: nil, message), correlationID: c.correlationID, traceID: c.traceID)
        case .flatError:
            return .json(
                400,
                .object([
                    (V2Key.error, .string(V2ErrorCode.redirectToWeb.rawValue)), ("error_description", .string(message)),
                ]))
        case .webRedirectRequired:
            return v2ErrorResponse(
                V2Failure(.invalidGrant, .webRedirectRequired, aadsts: nil, message),
                correlationID: c.correlationID, traceID: c.traceID)
        }
    }

    // MARK: Continuation tokens

    /// Opens the body's `continuationToken` and returns its flow when `accepts` takes the flow's stage.
    func v2Open(_ c: V2Context, _ accepts: (V2Flow) -> Bool) throws(V2Failure) -> (UInt64, V2Flow) {
        guard let raw = c.string(V2Key.continuationToken), !raw.isEmpty else {
            throw .invalidParameter(V2Key.continuationToken)
        }
        return try v2Open(raw: raw, now: c.now, accepts)
    }

    func v2Open(raw: String, now: Double, _ accepts: (V2Flow) -> Bool) throws(V2Failure) -> (UInt64, V2Flow) {
        guard let token = v2.codec.open(raw) else { throw .invalidToken }
        guard Double(token.expiresAt) > now else { throw .expiredToken }
        guard let flow = v2.store.withLock({ $0.flows[token.flowID] }), flow.step == token.step, accepts(flow) else {
            throw .invalidToken
        }
        return (token.flowID, flow)
    }

    /// Stores the flow moved to its next step and returns the token for that step.
    func v2Advance(_ id: UInt64, _ flow: V2Flow, now: Double) -> String {
        var flow = flow
        flow.step &+= 1
        return v2Store(id, flow, now: now)
    }

    /// Stores the flow at its current step (a wrong attempt; the caller's token stays valid).
    @discardableResult
    func v2Store(_ id: UInt64, _ flow: V2Flow, now: Double) -> String {
        let lifetime = Double(config.lifetimes.continuationToken)
        var flow = flow
        flow.expiresAt = now + lifetime * 4
        v2.store.withLock { $0.flows[id] = flow }
        return v2.codec.seal(V2Token(flowID: id, step: flow.step, expiresAt: Int64(now + lifetime)))
    }

    /// Stores a new flow and returns its first token.
    func v2Begin(_ flow: V2Flow, now: Double) -> String {
        let id = v2.store.withLock { store -> UInt64 in
            store.sweep(now: now)
            defer { store.nextFlowID &+= 1 }
            return store.nextFlowID
        }
        return v2Store(id, flow, now: now)
    }
}

/// The three kinds of V2 exchange.
private enum V2Exchange {
    case authorize
    case token(FormFields)
    case interaction(V2Route?)

    var name: String {
        switch self {
        case .authorize: "authorize-challenge"
        case .token: "token"
        case .interaction(let route): route.map { "api/\($0.path)" } ?? "unknown"
        }
    }
}
