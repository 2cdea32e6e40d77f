import Foundation
import NativeAuthWire
import Testing
@testable import NativeAuth

private func at(_ type: String) -> Outcome { O("onAccessTokenRetrieveError", "RetrieveAccessTokenError.\(type)") }

/// §5.9: getAccessToken.
let credentialsRows: [Row] = [
    Row("5.9-1", "a valid cached access token is returned without a request", .getAccessToken(), [],
        O("onAccessTokenRetrieveCompleted")),
    Row("5.9-2", "forceRefresh uses the refresh-token grant", .getAccessToken(forceRefresh: true), [R.tokens(access: "at-2")],
        O("onAccessTokenRetrieveCompleted")),
    Row("5.9-2b", "an expired cached token is refreshed", .getAccessToken(cacheExpired: true), [R.tokens(access: "at-2")],
        O("onAccessTokenRetrieveCompleted")),
    Row("5.9-3", "expired_refresh_token is a general error (only generalError is emitted)", .getAccessToken(forceRefresh: true),
        [R.err("expired_refresh_token")], at("generalError")),
    Row("5.9-3b", "a redirect answer is a general error", .getAccessToken(forceRefresh: true), [R.redirect],
        at("generalError")),
    Row("5.9-3c", "invalid_grant 50076 is a general error", .getAccessToken(forceRefresh: true),
        [R.err("invalid_grant", codes: [50076])], at("generalError")),
    Row("5.9-3d", "a network failure is a general error", .getAccessToken(forceRefresh: true), [R.network],
        at("generalError")),
]

@Suite("Tokens, accounts and transport")
struct TokensAndTransportTests {
    @Test("getAccessToken gives MSAL's outcome", arguments: credentialsRows)
    func credentials(row: Row) async { await check(row) }

    @Test("the refresh grant sends the cached refresh token, scopes with the OIDC defaults and client_info")
    func refreshRequest() async {
        let h = Harness([R.tokens(access: "at-2", refresh: "rt-2")])
        let account = seedAccount(h)
        let parameters = MSALNativeAuthGetAccessTokenParameters()
        parameters.forceRefresh = true
        parameters.returnRefreshToken = true
        parameters.scopes = ["api.read"]
        guard case .completed(let result) = await account.getAccessToken(parameters: parameters) else {
            Issue.record("expected a token")
            return
        }
        #expect(result.accessToken == "at-2")
        #expect(result.refreshToken == "rt-2")
        let fields = h.fields(0)
        #expect(fields["grant_type"] == "refresh_token")
        #expect(fields["refresh_token"] == "rt-cached")
        #expect(fields["scope"] == "api.read openid profile offline_access")
        #expect(fields["client_info"] == "true")
    }

    @Test("the refresh token is left out unless returnRefreshToken is set, and 50076 explains MFA")
    func refreshTokenHidden() async {
        let h = Harness([R.err("invalid_grant", codes: [50076], desc: "AADSTS50076: mfa")])
        let account = seedAccount(h)
        guard case .completed(let cached) = await account.getAccessToken() else { return }
        #expect(cached.refreshToken == nil)
        #expect(cached.accessToken == "at-cached")
        let force = MSALNativeAuthGetAccessTokenParameters()
        force.forceRefresh = true
        guard case .error(let error) = await account.getAccessToken(parameters: force) else {
            Issue.record("expected an error")
            return
        }
        #expect(error.errorDescription?.hasPrefix("Multi-factor authentication is required") == true)
    }

    @Test("a completed sign-in caches the account; getNativeAuthUserAccount finds it and signOut removes it")
    func accountCache() async {
        let h = Harness([R.token("ct1"), R.password("ct2"), R.tokens()])
        #expect(h.app.getNativeAuthUserAccount() == nil)
        guard case .completed(let result) = await h.app.signIn(username: "user@contoso.com", password: "pw") else {
            Issue.record("expected completion")
            return
        }
        #expect(result.account.username == "user@contoso.com")
        #expect(result.account.identifier == "uid-1.tenant-1")
        #expect(result.idToken == R.idToken)
        let found = h.app.getNativeAuthUserAccount()
        #expect(found?.account.identifier == "uid-1.tenant-1")
        found?.signOut()
        #expect(h.app.getNativeAuthUserAccount() == nil)
    }

    @Test("the file token cache is written with mode 0600 and read back")
    func fileCache() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("authtape-cache-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let h = Harness()
        guard case .response(let response) = R.tokens(), case .tokenSuccess(let body) = ResponseClassifier.classify(response, endpoint: .token),
            case .success(let set) = TokenSet.parse(body, fallbackUsername: "u", environment: "e", now: Date())
        else { Issue.record("token body does not parse"); return }
        let cache = TokenCache(fileURL: url)
        cache.store(set)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(TokenCache(fileURL: url).entry(homeAccountId: "uid-1.tenant-1")?.refreshToken == "rt-1")
        _ = h
    }

    @Test("every request carries client_id, form encoding and MSAL's headers with this engine's SKU")
    func requestShape() async {
        let h = Harness([R.token("ct1"), R.oob("ct2")], capabilities: [.mfaRequired, .registrationRequired])
        _ = await h.app.signUp(username: "a b+c@contoso.com", password: "p w", correlationId: UUID(uuidString: "0A0B0C0D-0000-4000-8000-000000000001"))
        let request = h.transport.requests[0]
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "https://contoso.ciamlogin.com/contoso.onmicrosoft.com/signup/v1.0/start")
        #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(request.header("client-request-id") == "0A0B0C0D-0000-4000-8000-000000000001")
        #expect(request.header("return-client-request-id") == "true")
        #expect(request.header("x-client-SKU") == "authtape.NativeAuth")
        let body = String(decoding: request.body, as: UTF8.self)
        #expect(body.hasPrefix("client_id=client-1&username=a+b%2Bc%40contoso.com&password=p+w"))
        #expect(body.contains("challenge_type=oob+password+redirect"))
        #expect(body.contains("capabilities=mfa_required+registration_required"))
        #expect(h.fields(1)["continuation_token"] == "ct1")
        #expect(h.fields(1)["capabilities"] == nil)
        #expect(h.transport.requests[1].header("client-request-id") == "0A0B0C0D-0000-4000-8000-000000000001")
    }

    @Test("the sign-in token call carries username, scopes with defaults, challenge_type and client_info")
    func signInTokenShape() async {
        let h = Harness([R.token("ct1"), R.password("ct2"), R.tokens()], challengeTypes: [.password])
        _ = await h.app.signIn(username: "user@contoso.com", password: "pw", scopes: ["api.read", "openid"])
        let token = h.fields(2)
        #expect(token["grant_type"] == "password")
        #expect(token["username"] == "user@contoso.com")
        #expect(token["continuation_token"] == "ct2")
        #expect(token["scope"] == "api.read openid profile offline_access")
        #expect(token["challenge_type"] == "password redirect")
        #expect(token["client_info"] == "true")
        #expect(h.fields(0)["capabilities"] == nil)
    }

    @Test("a 5xx is retried once after 0.5 s; a timeout once after 0.5 s; offline once after 2 s")
    func retryRule() async {
        for (first, delay) in [(R.server500, 0.5), (.failure(TransportError(.timedOut, message: "t")), 0.5),
                               (.failure(TransportError(.notConnectedToInternet, message: "o")), 2.0)] as [(Reply, Double)] {
            let h = Harness([first, R.token("ct1"), R.oob("ct2")])
            let outcome = await h.app.signIn(username: "u@c.com").outcome
            #expect(outcome.callback == "onSignInCodeRequired")
            #expect(h.clock.sleeps == [delay])
            #expect(h.transport.requests.count == 3)
        }
        let h = Harness([R.server500, .failure(TransportError(.timedOut, message: "t"))])
        #expect(await h.app.signIn(username: "u@c.com").outcome.error == "SignInStartError.generalError")
        #expect(h.transport.requests.count == 2, "5xx and network failures share one retry")
    }

    @Test("the seeded UUID source repeats and produces valid version-4 ids")
    func seededIds() {
        let a = SeededUUIDSource(seed: 42), b = SeededUUIDSource(seed: 42)
        let first = a.next()
        #expect(first == b.next())
        #expect(first != a.next())
        #expect(first.uuidString.dropFirst(14).first == "4")
    }

    @Test("SHA-256 matches the FIPS test vector for \"abc\"")
    func sha256() {
        let hex = SHA256.hash(Data("abc".utf8)).map { String(format: "%02x", $0) }.joined()
        #expect(hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("authorities: a bare ciamlogin host gets its tenant path, others keep theirs, non-http fails")
    func authorities() throws {
        #expect(try MSALCIAMAuthority(tenantSubdomain: "fabrikam").url.absoluteString
                == "https://fabrikam.ciamlogin.com/fabrikam.onmicrosoft.com")
        #expect(try MSALCIAMAuthority(url: URL(string: "http://127.0.0.1:8080/tenant")!).url.absoluteString
                == "http://127.0.0.1:8080/tenant")
        #expect(throws: NativeAuthUsageError.self) { try MSALCIAMAuthority(url: URL(string: "ftp://x/y")!) }
    }
}

/// A presenter that "signs the user in" by redirecting back with a code and the request's state.
struct FakeBrowser: WebAuthPresenter {
    let seen = Locked<URL?>(nil)
    func present(url: URL, redirectUri: String) async throws -> URL {
        seen.withLock { $0 = url }
        let state = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "state" }?.value
        return URL(string: "\(redirectUri)?code=auth-code-1&state=\(state ?? "")")!
    }
}

@Suite("Browser fallback and correlation ids")
struct BrowserFallbackTests {
    @Test("acquireToken runs the authorization-code flow with PKCE through the presenter and caches the account")
    func acquireTokenWithPresenter() async throws {
        let transport = CannedTransport([R.tokens(access: "at-web")])
        let browser = FakeBrowser()
        let app = try MSALNativeAuthPublicClientApplication(
            clientId: "client-1", authority: URL(string: "https://contoso.ciamlogin.com")!, challengeTypes: [.OOB],
            redirectUri: "msauth.test://auth",
            environment: NativeAuthEnvironment(transport: transport, uuidSource: SeededUUIDSource(seed: 1), webPresenter: browser))
        let result = try await app.acquireToken(scopes: ["User.Read"])
        #expect(result.accessToken == "at-web")
        #expect(app.getNativeAuthUserAccount()?.account.identifier == "uid-1.tenant-1")
        let authorize = try #require(browser.seen.withLock { $0 })
        let query = URLComponents(url: authorize, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(authorize.path == "/contoso.onmicrosoft.com/oauth2/v2.0/authorize")
        #expect(query.first { $0.name == "code_challenge_method" }?.value == "S256")
        let fields = Dictionary(transport.requests[0].formFields.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(fields["grant_type"] == "authorization_code")
        #expect(fields["code"] == "auth-code-1")
        let verifier = try #require(fields["code_verifier"])
        #expect(query.first { $0.name == "code_challenge" }?.value == SHA256.base64URL(SHA256.hash(Data(verifier.utf8))))
    }

    @Test("the default presenter fails saying no browser is available")
    func noBrowser() async throws {
        let app = try MSALNativeAuthPublicClientApplication(
            clientId: "c", authority: URL(string: "https://contoso.ciamlogin.com")!, challengeTypes: [.OOB],
            environment: NativeAuthEnvironment(transport: CannedTransport([])))
        await #expect(throws: BrowserUnavailableError.self) { try await app.acquireToken(scopes: []) }
    }

    @Test("a different client-request-id echoed by the server is used for the next request of the flow")
    func adoptsServerCorrelationId() async {
        let echoed = NativeAuthHTTPHeader("client-request-id", "11111111-2222-4333-8444-555555555555")
        let h = Harness([.response(NativeAuthHTTPResponse(statusCode: 200, json: #"{"continuation_token":"ct1"}"#, headers: [echoed])),
                         R.oob("ct2")])
        _ = await h.app.signIn(username: "u@c.com")
        #expect(h.transport.requests[1].header("client-request-id") == "11111111-2222-4333-8444-555555555555")
    }

    @Test("the tutorial's deprecated initializer shape compiles and rejects a subdomain that is not a host")
    func tutorialInitializer() {
        let nativeAuth = try? MSALNativeAuthPublicClientApplication(
            clientId: "<client id>", tenantSubdomain: "<tenant subdomain>", challengeTypes: [.OOB])
        #expect(nativeAuth == nil)
        #expect((try? MSALNativeAuthPublicClientApplication(
            clientId: "client-1", tenantSubdomain: "contoso", challengeTypes: [.OOB, .password])) != nil)
    }
}
