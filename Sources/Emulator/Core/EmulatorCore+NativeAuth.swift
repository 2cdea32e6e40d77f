import Foundation
import NativeAuthWire

extension EmulatorCore {
    func handleNativeAuth(_ endpoint: NativeAuthEndpoint, tenant: Substring, _ request: EmulatorRequest)
        -> EmulatorResponse
    {
        let correlationID = request.headers["client-request-id"] ?? ""
        let fault = state.withLock { state in
            state.faults.serverErrorRate > 0
                && Double.random(in: 0..<1, using: &state.random) < state.faults.serverErrorRate
        }
        // Trace ids are not secrets and need no seed; the system generator keeps them off the lock.
        let trace = (fault: fault, traceID: UUID().uuidString.lowercased())
        var response: EmulatorResponse
        if trace.fault {
            response = envelope(
                NativeAuthError(.serverError, 500011, "Injected server error (authtape fault knob)."),
                status: 500, correlationID: correlationID, traceID: trace.traceID)
        } else if config.server.mockAPI, let scripted = scriptedAnswer(endpoint, correlationID: correlationID) {
            response = scripted
        } else {
            let answer = nativeAuthAnswer(endpoint, tenant: tenant, request, correlationID: correlationID)
            switch answer {
            case .success(let body): response = .json(200, body)
            case .redirect(let reason):
                response = .json(
                    200, .object([("challenge_type", .string("redirect")), ("redirect_reason", .string(reason))]))
            case .failure(let error):
                response = envelope(error, status: error.status, correlationID: correlationID, traceID: trace.traceID)
            }
        }
        if !correlationID.isEmpty { response.headers.append(("client-request-id", correlationID)) }
        response.headers.append(("x-ms-request-id", trace.traceID))
        logger.debug(
            "native-auth request",
            metadata: ["endpoint": "\(endpoint.rawValue)", "status": "\(response.status)", "correlation": "\(correlationID)"])
        return response
    }

    /// The §2.3 error envelope.
    func envelope(_ error: NativeAuthError, status: Int, correlationID: String, traceID: String) -> EmulatorResponse {
        let timestamp = UTCTimestamp.string(clock.now)
        let correlation = correlationID.isEmpty ? "00000000-0000-0000-0000-000000000000" : correlationID.lowercased()
        var pairs: [(String, EmulatorJSON)] = [("error", .string(error.error.rawValue))]
        pairs.append(
            ("error_description",
             .string(
                "\(error.code): \(error.message) Trace ID: \(traceID) Correlation ID: \(correlation) "
                    + "Timestamp: \(timestamp)")))
        pairs.append(("error_codes", .array([.int(error.code.rawValue)])))
        pairs.append(("timestamp", .string(timestamp)))
        pairs.append(("trace_id", .string(traceID)))
        pairs.append(("correlation_id", .string(correlation)))
        if let suberror = error.suberror { pairs.append(("suberror", .string(suberror.rawValue))) }
        pairs += error.extra
        return .json(status, .object(pairs))
    }

    private func nativeAuthAnswer(
        _ endpoint: NativeAuthEndpoint, tenant: Substring, _ request: EmulatorRequest, correlationID: String
    ) -> NativeAuthAnswer {
        guard isOurTenant(tenant) else {
            return .failure(NativeAuthError(.invalidRequest, 90002, "Tenant '\(tenant)' not found."))
        }
        guard request.method == "POST" else {
            var error = NativeAuthError(.invalidRequest, 90056, "This endpoint only accepts POST requests.")
            error.status = 405
            return .failure(error)
        }
        guard let form = try? FormCodec.decode(bytes: request.body) else {
            return .failure(NativeAuthError(.invalidRequest, 90014, "The request body is not valid form data."))
        }
        guard let clientID = form[WireField.clientID], !clientID.isEmpty else {
            return .failure(NativeAuthError(.invalidRequest, .invalidRequestParameter, WireErrorDescription.clientIDInvalid + "."))
        }
        guard let client = client(id: clientID) else {
            return .failure(
                NativeAuthError(
                    .unauthorizedClient, 700016,
                    "Application with identifier '\(clientID)' was not found in the directory."))
        }
        guard client.client.nativeAuthEnabled else {
            return .failure(
                NativeAuthError(
                    .invalidClient, 7000218, "Native authentication is not enabled for this application.",
                    suberror: .nativeAuthAPIDisabled))
        }
        let context = NativeAuthContext(
            endpoint: endpoint, form: form, client: client, correlationID: correlationID,
            host: request.headers["host"] ?? "127.0.0.1", scheme: request.headers["x-authtape-scheme"] ?? "http",
            now: now)
        do {
            switch endpoint {
            case .signUpStart: return try signUpStart(context)
            case .signUpChallenge: return try signUpChallenge(context)
            case .signUpContinue: return try signUpContinue(context)
            case .signInInitiate: return try signInInitiate(context)
            case .signInChallenge: return try signInChallenge(context)
            case .signInIntrospect: return try mfaIntrospect(context)
            case .token: return try token(context)
            case .registerIntrospect: return try registerIntrospect(context)
            case .registerChallenge: return try registerChallenge(context)
            case .registerContinue: return try registerContinue(context)
            case .resetPasswordStart: return try resetStart(context)
            case .resetPasswordChallenge: return try resetChallenge(context)
            case .resetPasswordContinue: return try resetContinue(context)
            case .resetPasswordSubmit: return try resetSubmit(context)
            case .resetPasswordPollCompletion: return try resetPoll(context)
            }
        } catch {
            return .failure(error)
        }
    }
}
