import Foundation
import NativeAuthWire

/// The challenge types the app can handle; `redirect` is always added on the wire.
public struct MSALNativeAuthChallengeTypes: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates a set from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// One-time codes (email, SMS).
    public static let OOB = MSALNativeAuthChallengeTypes(rawValue: 1 << 0)
    /// Passwords.
    public static let password = MSALNativeAuthChallengeTypes(rawValue: 1 << 1)

    /// `oob`, then `password`, then always `redirect`, space-joined.
    var wireValue: String {
        var list: WireChallengeTypes = []
        if contains(.OOB) { list.values.append(.oob) }
        if contains(.password) { list.values.append(.password) }
        list.values.append(.redirect)
        return list.formValue
    }
}

/// Optional server steps the app can handle (sent on the three flow starts).
public struct MSALNativeAuthCapabilities: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates a set from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// MFA challenges.
    public static let mfaRequired = MSALNativeAuthCapabilities(rawValue: 1 << 0)
    /// Strong-auth method registration.
    public static let registrationRequired = MSALNativeAuthCapabilities(rawValue: 1 << 1)

    /// `mfa_required registration_required` (in that order), nil when empty.
    var wireValue: String? {
        WireCapabilities(mfaRequired: contains(.mfaRequired), registrationRequired: contains(.registrationRequired))
            .formValue
    }
}

/// A CIAM authority URL, normalised as IdentityCore does: a bare `https://X.ciamlogin.com` gets the path
/// `/X.onmicrosoft.com`. Other hosts (custom domains, an emulator on `http://127.0.0.1`) keep their path.
public final class MSALCIAMAuthority: Sendable {
    /// The normalised URL.
    public let url: URL

    /// Validates and normalises `url`; throws when it is not an http(s) URL with a host.
    public init(url: URL) throws {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false), let host = components.host,
            !host.isEmpty
        else { throw NativeAuthUsageError("authority \(url.absoluteString) is not an http(s) URL with a host") }
        if components.path.isEmpty || components.path == "/", host.lowercased().hasSuffix(".ciamlogin.com") {
            let tenant = host.split(separator: ".").first.map(String.init) ?? host
            components.path = "/\(tenant).onmicrosoft.com"
        }
        components.query = nil
        guard let normalised = components.url else {
            throw NativeAuthUsageError("authority \(url.absoluteString) cannot be normalised")
        }
        self.url = normalised
    }

    /// `https://<tenantSubdomain>.ciamlogin.com/<tenantSubdomain>.onmicrosoft.com`.
    public convenience init(tenantSubdomain: String) throws {
        guard !tenantSubdomain.isEmpty, let url = URL(string: "https://\(tenantSubdomain).ciamlogin.com") else {
            throw NativeAuthUsageError("tenant subdomain \"\(tenantSubdomain)\" does not make a valid authority")
        }
        try self.init(url: url)
    }
}

/// The configuration of a native-auth application.
public final class MSALNativeAuthPublicClientApplicationConfig {
    /// The app (client) id.
    public let clientId: String
    /// The authority.
    public let authority: MSALCIAMAuthority
    /// Challenge types the app handles.
    public let challengeTypes: MSALNativeAuthChallengeTypes
    /// Capabilities (default none).
    public var capabilities: MSALNativeAuthCapabilities = []
    /// Redirect URI for the browser fallback.
    public var redirectUri: String?
    /// Test data-centre routing: sent as the `dc` query item.
    public var sliceDc: String?

    /// Creates a configuration.
    public init(clientId: String, authority: MSALCIAMAuthority, challengeTypes: MSALNativeAuthChallengeTypes) {
        self.clientId = clientId
        self.authority = authority
        self.challengeTypes = challengeTypes
    }

    /// Creates a configuration for `https://<tenantSubdomain>.ciamlogin.com`.
    public convenience init(clientId: String, tenantSubdomain: String, challengeTypes: MSALNativeAuthChallengeTypes) throws {
        self.init(clientId: clientId, authority: try MSALCIAMAuthority(tenantSubdomain: tenantSubdomain),
                  challengeTypes: challengeTypes)
    }

    var engineConfiguration: EngineConfiguration {
        EngineConfiguration(
            clientId: clientId, authority: authority.url, challengeTypes: challengeTypes.wireValue,
            capabilities: capabilities.wireValue, redirectUri: redirectUri, sliceDc: sliceDc)
    }
}

/// MSAL's general application configuration (used by the deprecated initializer).
public final class MSALPublicClientApplicationConfig {
    /// The app (client) id.
    public let clientId: String
    /// Redirect URI.
    public let redirectUri: String?
    /// Authority.
    public let authority: MSALCIAMAuthority?
    /// Creates a configuration.
    public init(clientId: String, redirectUri: String? = nil, authority: MSALCIAMAuthority? = nil) {
        self.clientId = clientId
        self.redirectUri = redirectUri
        self.authority = authority
    }
}

/// What the engine talks to and reports to: transport, clock, ids, cache, browser, observers.
public struct NativeAuthEnvironment: Sendable {
    /// Sends requests.
    public var transport: any Transport
    /// Time.
    public var clock: any NativeAuthClock
    /// Correlation ids.
    public var uuidSource: any UUIDSource
    /// Token cache.
    public var tokenCache: TokenCache
    /// Browser presenter for `acquireToken`.
    public var webPresenter: any WebAuthPresenter
    /// Receives every outcome the engine produces.
    public var outcomeObserver: OutcomeObserver?
    /// Receives the outcome each delegate actually got (differs when an optional method is missing).
    public var dispatchObserver: OutcomeObserver?

    /// Creates an environment; defaults are the live ones.
    public init(
        transport: any Transport = URLSessionTransport(), clock: any NativeAuthClock = SystemClock(),
        uuidSource: any UUIDSource = SystemUUIDSource(), tokenCache: TokenCache = TokenCache(),
        webPresenter: any WebAuthPresenter = UnavailableWebAuthPresenter(), outcomeObserver: OutcomeObserver? = nil,
        dispatchObserver: OutcomeObserver? = nil
    ) {
        self.transport = transport
        self.clock = clock
        self.uuidSource = uuidSource
        self.tokenCache = tokenCache
        self.webPresenter = webPresenter
        self.outcomeObserver = outcomeObserver
        self.dispatchObserver = dispatchObserver
    }
}
