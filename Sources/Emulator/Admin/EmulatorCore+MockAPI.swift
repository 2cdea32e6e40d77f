import Foundation
import NativeAuthWire

extension EmulatorCore {
    /// The Mock API contract's configuration endpoints (spec §9): `POST /config/response`,
    /// `DELETE /config/all`, `GET /config/all`.
    func handleMockConfig(_ request: EmulatorRequest) -> EmulatorResponse {
        let body = EmulatorJSON.parse(Data(request.body))
        switch (request.method, request.path) {
        case ("POST", "/config/response"):
            guard let body, let endpointKey = body["endpoint"]?.stringValue,
                let list = body["responseList"]?.arrayValue, let correlation = body["correlationId"]?.stringValue
            else { return mockError("expected {\"endpoint\", \"responseList\", \"correlationId\"}") }
            guard NativeAuthEndpoint(mockAPIKey: endpointKey) != nil else {
                return mockError("unknown endpoint key `\(endpointKey)`")
            }
            var keys: [String] = []
            for item in list {
                guard let key = item.stringValue, MockAPIResponses.known.contains(key) else {
                    return mockError("unknown response key `\(item.stringValue ?? item.text)`")
                }
                keys.append(key)
            }
            state.withLock { $0.mockQueues[correlation.lowercased(), default: [:]][endpointKey, default: []] += keys }
            return .json(200, .object([]))
        case ("DELETE", "/config/all"):
            if let correlation = body?["correlationId"]?.stringValue {
                _ = state.withLock { $0.mockQueues.removeValue(forKey: correlation.lowercased()) }
            } else {
                state.withLock { $0.mockQueues.removeAll() }
            }
            return .json(200, .object([]))
        case ("GET", "/config/all"):
            let queues = state.withLock { $0.mockQueues }
            return .json(
                200,
                .object(
                    queues.keys.sorted().map { correlation in
                        (correlation,
                         .object(queues[correlation]!.keys.sorted().map { endpoint in
                             (endpoint, .array(queues[correlation]![endpoint]!.map { .string($0) }))
                         }))
                    }))
        default:
            return .json(404, .object([("error", .string("not_found"))]))
        }
    }

    private func mockError(_ message: String) -> EmulatorResponse {
        .json(400, .object([("error", .string("bad_request")), ("error_description", .string(message))]))
    }

    /// The next queued Mock API answer for this correlation id and endpoint, if any.
    func scriptedAnswer(_ endpoint: NativeAuthEndpoint, correlationID: String) -> EmulatorResponse? {
        guard !correlationID.isEmpty else { return nil }
        let key: String? = state.withLock { state in
            let correlation = correlationID.lowercased()
            guard var queue = state.mockQueues[correlation]?[endpoint.mockAPIKey], !queue.isEmpty else { return nil }
            let first = queue.removeFirst()
            state.mockQueues[correlation]?[endpoint.mockAPIKey] = queue
            return first
        }
        guard let key else { return nil }
        let traceID = state.withLock { $0.random.guid() }
        switch MockAPIResponses.answer(key, endpoint: endpoint) {
        case .body(let status, let body):
            return .json(status, body)
        case .error(let error):
            return envelope(error, status: error.status, correlationID: correlationID, traceID: traceID)
        case .tokens:
            let user = UserRecord(
                id: "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a", email: "mock.user@contoso.com", displayName: "Mock User")
            let context = NativeAuthContext(
                endpoint: endpoint, form: FormFields(), client: clients[0], correlationID: correlationID,
                host: "127.0.0.1", scheme: "http", now: now)
            guard case .success(let body) = issueTokens(context, user: user, flowID: 0) else { return nil }
            return .json(200, body)
        }
    }
}
