import Foundation
import NativeAuthWire

/// The resolved settings of an application.
struct EngineConfiguration: Sendable {
    var clientId: String
    /// Authority URL; endpoint paths are appended to its path.
    var authority: URL
    /// The `challenge_type` list, e.g. `oob password redirect`.
    var challengeTypes: String
    /// The `capabilities` list, nil when empty.
    var capabilities: String?
    var redirectUri: String?
    var sliceDc: String?

    static let sku = "authtape.NativeAuth"
    static let version = "0.1.0"
}

/// The driver: runs flow machines, performs their requests over the ``Transport`` with MSAL's retry rule,
/// classifies answers and reports every ``Outcome`` to the observer.
final class NativeAuthEngine: Sendable {
    let configuration: EngineConfiguration
    let transport: any Transport
    let clock: any NativeAuthClock
    let uuids: any UUIDSource
    let cache: TokenCache
    let outcomeObserver: OutcomeObserver?
    let dispatchObserver: OutcomeObserver?
    let webPresenter: any WebAuthPresenter

    init(
        configuration: EngineConfiguration, transport: any Transport, clock: any NativeAuthClock,
        uuids: any UUIDSource, cache: TokenCache, outcomeObserver: OutcomeObserver?,
        dispatchObserver: OutcomeObserver?, webPresenter: any WebAuthPresenter
    ) {
        self.configuration = configuration
        self.transport = transport
        self.clock = clock
        self.uuids = uuids
        self.cache = cache
        self.outcomeObserver = outcomeObserver
        self.dispatchObserver = dispatchObserver
        self.webPresenter = webPresenter
    }

    /// Runs `machine` to its result and reports the result's outcome.
    func run<M: FlowMachine>(_ machine: M, correlationId: UUID) async -> M.Result {
        var machine = machine
        var action = machine.start()
        // The server's `client-request-id` echo is adopted for the rest of the run when it differs (§3.4).
        var requestId = correlationId
        while true {
            switch action {
            case .send(let call):
                let (classified, echoed) = await exchange(call, correlationId: requestId)
                if let echoed { requestId = echoed }
                action = machine.receive(classified)
            case .wait(let seconds):
                // MSAL quirk: an error during the poll sleep is logged and ignored (§6.4).
                try? await clock.sleep(seconds: seconds)
                action = machine.waited()
            case .finish(let result):
                outcomeObserver?(result.outcome)
                return result
            }
        }
    }

    /// Sends one call; retries once on 5xx or a retryable transport error (client-behaviour.md §0.1).
    func perform(_ call: EndpointCall, correlationId: UUID) async -> Classified {
        await exchange(call, correlationId: correlationId).0
    }

    /// `perform`, also returning the response's `client-request-id` when it is a UUID.
    func exchange(_ call: EndpointCall, correlationId: UUID) async -> (Classified, UUID?) {
        var request = makeRequest(call, correlationId: correlationId)
        var retriesLeft = 1
        var pkeyAuthLeft = 1
        while true {
            do {
                let response = try await transport.send(request)
                if (500...599).contains(response.statusCode), retriesLeft > 0 {
                    retriesLeft -= 1
                    try? await clock.sleep(seconds: 0.5)
                    continue
                }
                // IdentityCore answers a PKeyAuth challenge on a 400/401 and resends the request
                // once (client-behaviour.md §0.1). This engine has no device certificate, so the
                // answer carries the challenge's context without a signed token, as a device
                // that is not registered does.
                if response.statusCode == 400 || response.statusCode == 401,
                    let challenge = response.header("WWW-Authenticate"), challenge.lowercased().contains("pkeyauth"),
                    pkeyAuthLeft > 0
                {
                    pkeyAuthLeft -= 1
                    request.headers.removeAll { $0.name.lowercased() == "authorization" }
                    request.headers.append(NativeAuthHTTPHeader("Authorization", Self.pkeyAuthAnswer(to: challenge)))
                    continue
                }
                let echoed = response.header("client-request-id").flatMap(UUID.init(uuidString:))
                return (ResponseClassifier.classify(response, endpoint: call.endpoint), echoed)
            } catch let error as TransportError {
                if let delay = error.retryDelay, retriesLeft > 0 {
                    retriesLeft -= 1
                    try? await clock.sleep(seconds: delay)
                    continue
                }
                return (.unexpected(.network(error.description)), nil)
            } catch {
                return (.unexpected(.network(String(describing: type(of: error)))), nil)
            }
        }
    }

    /// The `Authorization` value answering a PKeyAuth challenge without a device certificate.
    static func pkeyAuthAnswer(to challenge: String) -> String {
        var answer = "PKeyAuth"
        if let context = contextParameter(in: challenge) {
            answer += " " + context + ","
        }
        return answer + #" Version="1.0""#
    }

    /// The leftmost match of the pattern `Context="[^"]*"` in `challenge`, found without a regular
    /// expression: the first `Context="` and the next quote after it (if there is none, no later
    /// `Context="` can have one either).
    static func contextParameter(in challenge: String) -> String? {
        let utf8 = Array(challenge.utf8)
        let prefix = Array(#"Context=""#.utf8)
        guard utf8.count >= prefix.count else { return nil }
        for start in 0...(utf8.count - prefix.count) where utf8[start] == prefix[0] {
            guard utf8[start..<start + prefix.count].elementsEqual(prefix) else { continue }
            guard let close = utf8[(start + prefix.count)...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            return String(decoding: utf8[start...close], as: UTF8.self)
        }
        return nil
    }

    /// The HTTP request for a call: form body with `client_id` first, MSAL's headers (native-auth-api.md §3.1)
    /// with this engine's SKU.
    func makeRequest(_ call: EndpointCall, correlationId: UUID) -> NativeAuthHTTPRequest {
        let url = Self.endpointURL(authority: configuration.authority, sliceDc: configuration.sliceDc, call.endpoint)
        let headers = [
            NativeAuthHTTPHeader("Content-Type", "application/x-www-form-urlencoded"),
            NativeAuthHTTPHeader("Accept", "application/json"),
            NativeAuthHTTPHeader("client-request-id", correlationId.uuidString.uppercased()),
            NativeAuthHTTPHeader("return-client-request-id", "true"),
            NativeAuthHTTPHeader("x-client-SKU", EngineConfiguration.sku),
            NativeAuthHTTPHeader("x-client-Ver", EngineConfiguration.version),
        ]
        // One memcpy into Data (the generic sequence initialiser showed up in profiles).
        let body = FormCodec.encodedBytes([FormField(WireField.clientID, configuration.clientId)] + call.fields)
            .withUnsafeBufferPointer { Data(buffer: $0) }
        return NativeAuthHTTPRequest(method: call.endpoint.method, url: url, headers: headers, body: body)
    }

    /// The URL of `endpoint` under `authority`: the authority's path, without a trailing slash, then the
    /// endpoint path, and `?dc=` when a slice is set. Built once per input: `URLComponents` is slow.
    static func endpointURL(authority: URL, sliceDc: String?, _ endpoint: NativeAuthEndpoint) -> URL {
        let key = EndpointURLKey(authority: authority, sliceDc: sliceDc, endpoint: endpoint)
        if let url = endpointURLs.withLock({ $0[key] }) { return url }
        var components = URLComponents(url: authority, resolvingAgainstBaseURL: false) ?? URLComponents()
        var path = components.path
        if path.hasSuffix("/") { path.removeLast() }
        components.path = path + endpoint.path
        if let sliceDc { components.queryItems = [URLQueryItem(name: "dc", value: sliceDc)] }
        let url = components.url ?? authority.appendingPathComponent(endpoint.path)
        endpointURLs.withLock { cache in
            if cache.count >= 1024 { cache.removeAll() }
            cache[key] = url
        }
        return url
    }

    private struct EndpointURLKey: Hashable, Sendable {
        var authority: URL
        var sliceDc: String?
        var endpoint: NativeAuthEndpoint
    }

    private static let endpointURLs = Locked<[EndpointURLKey: URL]>([:])

    func context(username: String, correlationId: UUID?, scopes: [String] = [], claims: String? = nil) -> FlowContext {
        FlowContext(engine: self, correlationId: correlationId ?? uuids.next(), username: username, scopes: scopes,
                    claims: claims)
    }
}
