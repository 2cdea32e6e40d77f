import Foundation
import NativeAuthWire

/// The engine's response classification, opened for libFuzzer targets (`FuzzClassifyTarget`) and crash
/// import: one raw status and body as the answer of one endpoint, through the same
/// ``ResponseClassifier`` the engine's machines call. Nothing else of the engine runs.
public enum ClassificationFuzzEntry {
    /// The kind of class a response fell into.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case success, tokenSuccess, apiError, unexpected
    }

    /// The statuses an input's status byte picks from (modulo), in order.
    public static let statuses = [200, 400, 401, 403, 404, 429, 500, 503]

    /// Classifies `body` as the answer of `endpoint` with `status`.
    public static func classify(endpoint: NativeAuthEndpoint, status: Int, body: Data) -> Kind {
        switch ResponseClassifier.classify(NativeAuthHTTPResponse(statusCode: status, body: body), endpoint: endpoint) {
        case .success: .success
        case .tokenSuccess: .tokenSuccess
        case .apiError: .apiError
        case .unexpected: .unexpected
        }
    }

    /// One fuzz input: byte 0 picks the endpoint (``NativeAuthEndpoint/allCases``, modulo), byte 1 the
    /// status (``statuses``, modulo), the rest is the body. Nil for inputs shorter than two bytes.
    public static func classify(input: UnsafeRawBufferPointer) -> Kind? {
        guard let decoded = decode(input) else { return nil }
        return classify(endpoint: decoded.endpoint, status: decoded.status, body: decoded.body)
    }

    /// The endpoint, status and body an input stands for (see ``classify(input:)``).
    public static func decode(_ input: UnsafeRawBufferPointer) -> (endpoint: NativeAuthEndpoint, status: Int, body: Data)? {
        guard input.count >= 2 else { return nil }
        let endpoints = NativeAuthEndpoint.allCases
        let endpoint = endpoints[Int(input[0]) % endpoints.count]
        let status = statuses[Int(input[1]) % statuses.count]
        return (endpoint, status, Data(input[2...]))
    }

    /// The input bytes that stand for `endpoint`, `status` and `body`; nil when the status is not one of ``statuses``.
    public static func encode(endpoint: NativeAuthEndpoint, status: Int, body: [UInt8]) -> [UInt8]? {
        guard let endpointIndex = NativeAuthEndpoint.allCases.firstIndex(of: endpoint),
            let statusIndex = statuses.firstIndex(of: status)
        else { return nil }
        return [UInt8(endpointIndex), UInt8(statusIndex)] + body
    }
}
