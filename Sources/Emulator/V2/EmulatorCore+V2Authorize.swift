import Foundation
import NativeAuthWire

extension EmulatorCore {
    /// O1 (start: `client_id`, optional `scope`) and O2 (resume: `continuation_token`) at
    /// `authorize-challenge`. Errors use the flat OAuth envelope, as at V1's token endpoint.
    func v2Authorize(_ request: EmulatorRequest, tenant: String, correlationID: String, traceID: String) -> EmulatorResponse {
        do throws(NativeAuthError) {
            guard isOurTenant(Substring(tenant)) else {
                throw NativeAuthError(.invalidRequest, 90002, "Tenant '\(tenant)' not found.")
            }
            guard request.method == "POST" else {
                var error = NativeAuthError(.invalidRequest, 90056, "This endpoint only accepts POST requests.")
                error.status = 405
                throw error
            }
            guard let form = try? FormCodec.decode(bytes: request.body) else {
                throw NativeAuthError(.invalidRequest, 90014, "The request body is not valid form data.")
            }
            if let raw = form[V2Key.continuationTokenForm] {
                return try v2Resume(raw: raw, form: form)
            }
            return try v2Start(form: form, tenant: tenant)
        } catch {
            return envelope(error, status: error.status, correlationID: correlationID, traceID: traceID)
        }
    }

    private func v2Start(form: FormFields, tenant: String) throws(NativeAuthError) -> EmulatorResponse {
        let client = try v2Client(form[V2Key.clientID])
        let scope = form[V2Key.scope].flatMap { $0.isEmpty ? nil : $0 }
        let token = v2Begin(V2Flow(clientIndex: client.index, scope: scope, expiresAt: now), now: now)
        let profile = config.nativeAuthV2
        var pairs: [(String, EmulatorJSON)] = [(V2Key.continuationTokenForm, .string(token))]
        let hrefs = [V2Route.signInStart, .signUpStart, .resetStart].map { "/\(tenant)\(V2Path.apiPrefix)\($0.path)" }
        if profile.entryLinks != .hal {
            for (relation, href) in zip(V2LinkRelation.flatEntries, hrefs) { pairs.append((relation.rawValue, .string(href))) }
        }
        if profile.entryLinks != .flat {
            let links = zip(V2LinkRelation.halEntries, hrefs).map { ($0.0.rawValue, V2HAL.link($0.1)) }
            pairs.append((V2Key.links, .object(links)))
        }
        let message = "The request requires user interaction; follow one of the entry links."
        switch profile.insufficientAuthorizationError {
        case .none: break
        case .flat:
            pairs.append((V2Key.error, .string("insufficient_authorization")))
            pairs.append(("error_description", .string(message)))
        case .nested:
            pairs.append(
                (V2Key.error,
                 .object([(V2Key.code, .string("InsufficientAuthorization")), (V2Key.message, .string(message))])))
        }
        return .json(401, .object(pairs))
    }

    private func v2Resume(raw: String, form: FormFields) throws(NativeAuthError) -> EmulatorResponse {
        let opened: (UInt64, V2Flow)
        do {
            opened = try v2Open(raw: raw, now: now) { $0.stage == .completed }
        } catch {
            if error.aadsts == AADSTSCode.continuationTokenExpired.rawValue { throw .expiredToken }
            throw .tokenForOtherStep
        }
        let id: UInt64
        var flow: V2Flow
        (id, flow) = opened
        if let clientID = form[V2Key.clientID], client(id: clientID)?.index != flow.clientIndex {
            throw NativeAuthError(.invalidGrant, .continuationTokenInvalid, "The continuation_token was issued to another client.")
        }
        guard let userID = flow.userID else { throw .tokenForOtherStep }
        let code = state.withLock { "AC." + $0.random.token(48) }
        let lifetime = Double(config.nativeAuthV2.authorizationCodeLifetime)
        v2.store.withLock {
            $0.codes[code] = V2AuthorizationCode(
                userID: userID, clientIndex: flow.clientIndex, scope: flow.scope, expiresAt: now + lifetime)
        }
        flow.stage = .finished
        _ = v2Advance(id, flow, now: now)
        return .json(200, .object([(V2Key.code, .string(code))]))
    }

    /// O17: the code exchange, issuing the same signed tokens as V1.
    func v2Token(_ request: EmulatorRequest, form: FormFields, tenant: String, correlationID: String, traceID: String)
        -> EmulatorResponse
    {
        do throws(NativeAuthError) {
            guard isOurTenant(Substring(tenant)) else {
                throw NativeAuthError(.invalidRequest, 90002, "Tenant '\(tenant)' not found.")
            }
            let client = try v2Client(form[V2Key.clientID])
            guard let code = form[V2Key.code], !code.isEmpty else { throw .missing(V2Key.code) }
            let now = self.now
            let grant = try v2.store.withLock { store -> Result<V2AuthorizationCode, NativeAuthError> in
                guard let grant = store.codes[code], grant.clientIndex == client.index else {
                    return .failure(NativeAuthError(.invalidGrant, 70000, "The provided authorization code is invalid."))
                }
                guard !grant.redeemed else {
                    return .failure(NativeAuthError(.invalidGrant, 54005, "OAuth2 Authorization code was already redeemed."))
                }
                guard grant.expiresAt > now else {
                    return .failure(NativeAuthError(.invalidGrant, 70008, "The provided authorization code has expired."))
                }
                store.codes[code]?.redeemed = true
                return .success(grant)
            }.get()
            guard let user = user(id: grant.userID) else { throw .userNotFound(true) }
            let context = NativeAuthContext(
                endpoint: .token, form: form, client: client, correlationID: correlationID,
                host: request.headers["host"] ?? "127.0.0.1", scheme: request.headers["x-authtape-scheme"] ?? "http",
                now: now)
            switch issueTokens(context, user: user, flowID: 0, scope: form[V2Key.scope] ?? grant.scope) {
            case .success(let body): return .json(200, body)
            case .failure(let error): throw error
            case .redirect: throw NativeAuthError(.invalidGrant, 70000, "The provided authorization code is invalid.")
            }
        } catch {
            return envelope(error, status: error.status, correlationID: correlationID, traceID: traceID)
        }
    }

    private func v2Client(_ clientID: String?) throws(NativeAuthError) -> ResolvedClient {
        guard let clientID, !clientID.isEmpty else {
            throw NativeAuthError(.invalidRequest, .invalidRequestParameter, WireErrorDescription.clientIDInvalid + ".")
        }
        guard let client = client(id: clientID) else {
            throw NativeAuthError(
                .unauthorizedClient, 700016, "Application with identifier '\(clientID)' was not found in the directory.")
        }
        guard client.client.nativeAuthEnabled else {
            throw NativeAuthError(
                .invalidClient, 7000218, "Native authentication is not enabled for this application.",
                suberror: .nativeAuthAPIDisabled)
        }
        return client
    }
}
