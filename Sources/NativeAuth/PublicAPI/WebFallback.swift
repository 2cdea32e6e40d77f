import Foundation
import NativeAuthWire

/// Shows a browser for the web fallback and returns the URL the identity provider redirected to.
public protocol WebAuthPresenter: Sendable {
    /// Opens `url` and returns the redirect URL (starting with `redirectUri`) once the user finished.
    func present(url: URL, redirectUri: String) async throws -> URL
}

/// The default presenter: there is no browser here, so it fails with ``BrowserUnavailableError``.
public struct UnavailableWebAuthPresenter: WebAuthPresenter {
    /// Creates the presenter.
    public init() {}
    /// Always throws ``BrowserUnavailableError``.
    public func present(url: URL, redirectUri: String) async throws -> URL { throw BrowserUnavailableError() }
}

/// No browser is available to complete a web sign-in.
public struct BrowserUnavailableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Creates the error.
    public init() {}
    /// What is wrong and what to do.
    public var description: String {
        "no browser is available on this platform to complete the web sign-in; configure a WebAuthPresenter"
    }
}

/// The web fallback failed (bad redirect, server error, state mismatch, token error).
public struct MSALWebAuthError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong (never contains codes or tokens).
    public let message: String
    /// The description.
    public var description: String { message }
}

/// Where the web view would be presented (ignored here; kept for source compatibility).
public final class MSALWebviewParameters {
    /// The presenting object (a view controller on Apple platforms).
    public let authPresentationViewController: AnyObject?
    /// Creates parameters.
    public init(authPresentationViewController: AnyObject?) { self.authPresentationViewController = authPresentationViewController }
}

/// Parameters of `acquireToken`.
public final class MSALInteractiveTokenParameters {
    /// Scopes wanted.
    public var scopes: [String]
    /// The web view parameters.
    public var webviewParameters: MSALWebviewParameters
    /// A login hint.
    public var loginHint: String?
    /// Creates parameters.
    public init(scopes: [String], webviewParameters: MSALWebviewParameters) {
        self.scopes = scopes
        self.webviewParameters = webviewParameters
    }
}

/// The result of `acquireToken`.
public final class MSALResult: Sendable {
    /// The access token.
    public let accessToken: String
    /// The id token.
    public let idToken: String?
    /// The account.
    public let account: MSALAccount
    /// Granted scopes.
    public let scopes: [String]
    /// Expiry.
    public let expiresOn: Date?
    /// Correlation id.
    public let correlationId: UUID

    init(set: TokenSet, correlationId: UUID) {
        accessToken = set.accessToken ?? ""
        idToken = set.idToken
        account = MSALAccount(set)
        scopes = set.scopes
        expiresOn = set.expiresOn
        self.correlationId = correlationId
    }
}

extension MSALNativeAuthPublicClientApplication {
    /// The browser fallback for `browserRequired` errors: authorization code with PKCE through the configured
    /// ``WebAuthPresenter``; the completion runs on the main actor.
    public func acquireToken(
        with parameters: MSALInteractiveTokenParameters,
        completionBlock: @escaping (MSALResult?, (any Error)?) -> Void
    ) {
        let box = UncheckedBox(value: completionBlock)
        let scopes = parameters.scopes
        let loginHint = parameters.loginHint
        Task {
            let outcome: Result<MSALResult, any Error>
            do { outcome = .success(try await self.acquireToken(scopes: scopes, loginHint: loginHint)) } catch {
                outcome = .failure(error)
            }
            await MainActor.run {
                switch outcome {
                case .success(let result): box.value(result, nil)
                case .failure(let error): box.value(nil, error)
                }
            }
        }
    }

    /// The browser fallback (async form).
    public func acquireToken(scopes: [String], loginHint: String? = nil) async throws -> MSALResult {
        let configuration = engine.configuration
        let redirectUri = configuration.redirectUri ?? "msauth.authtape://auth"
        let correlationId = engine.uuids.next()
        let verifier = (engine.uuids.next().uuidString + engine.uuids.next().uuidString)
            .replacingOccurrences(of: "-", with: "")
        let state = engine.uuids.next().uuidString
        let context = FlowContext(engine: engine, correlationId: correlationId, username: loginHint ?? "", scopes: scopes)
        var components = URLComponents(url: configuration.authority, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.path = (components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path)
            + "/oauth2/v2.0/authorize"
        var items = [
            URLQueryItem(name: WireField.clientID, value: configuration.clientId),
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "redirect_uri", value: redirectUri),
            URLQueryItem(name: WireField.scope, value: context.scopeField),
            URLQueryItem(name: "code_challenge", value: SHA256.base64URL(SHA256.hash(Data(verifier.utf8)))),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
            URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "client-request-id", value: correlationId.uuidString),
        ]
        if let loginHint { items.append(URLQueryItem(name: WireField.loginHint, value: loginHint)) }
        components.queryItems = items
        guard let authorizeURL = components.url else { throw MSALWebAuthError(message: "cannot build the authorize URL") }
        let callback = try await engine.webPresenter.present(url: authorizeURL, redirectUri: redirectUri)
        let query = URLComponents(url: callback, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        if let error = value(WireField.error) {
            throw MSALWebAuthError(message: "the authorization server answered \(error): \(value(WireField.errorDescription) ?? "")")
        }
        guard value("state") == state else { throw MSALWebAuthError(message: "the redirect's state does not match the request") }
        guard let code = value("code") else { throw MSALWebAuthError(message: "the redirect carries no authorization code") }
        let call = EndpointCall(.token, [
            FormField(WireField.grantType, "authorization_code"), FormField("code", code), FormField("redirect_uri", redirectUri),
            FormField("code_verifier", verifier), FormField(WireField.scope, context.scopeField), FormField(WireField.clientInfo, "true"),
        ])
        let response = await engine.perform(call, correlationId: correlationId)
        guard case .tokenSuccess(let body) = response else {
            throw MSALWebAuthError(message: "the token endpoint did not return tokens for the authorization code")
        }
        guard case .success(let set) = TokenSet.parse(
            body, fallbackUsername: loginHint ?? "", environment: configuration.authority.host ?? "", now: engine.clock.now()),
            set.accessToken != nil
        else { throw MSALWebAuthError(message: "the token response lacks client_info or an access token") }
        engine.cache.store(set)
        return MSALResult(set: set, correlationId: correlationId)
    }
}
