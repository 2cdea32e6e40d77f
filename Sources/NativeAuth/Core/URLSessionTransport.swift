import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live transport over `URLSession` (FoundationNetworking on Linux). It makes one attempt per call and
/// maps `URLError` codes to ``TransportError`` kinds; the engine applies MSAL's retry rule on top.
public struct URLSessionTransport: Transport {
    private let session: URLSession
    private let timeout: TimeInterval

    /// Creates a transport over `session` with a per-request timeout.
    public init(session: URLSession = .shared, timeout: TimeInterval = 30) {
        self.session = session
        self.timeout = timeout
    }

    /// Sends the request.
    public func send(_ request: NativeAuthHTTPRequest) async throws -> NativeAuthHTTPResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }
        urlRequest.httpBody = request.body
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch let error as URLError {
            throw TransportError(Self.kind(of: error), message: "URLError \(error.code.rawValue) for \(request.url.path)")
        } catch {
            throw TransportError(.other, message: "\(type(of: error)) for \(request.url.path)")
        }
        guard let http = response as? HTTPURLResponse else {
            throw TransportError(.other, message: "not an HTTP response for \(request.url.path)")
        }
        var headers: [NativeAuthHTTPHeader] = []
        for (name, value) in http.allHeaderFields {
            headers.append(NativeAuthHTTPHeader(String(describing: name), String(describing: value)))
        }
        headers.sort { $0.name.lowercased() < $1.name.lowercased() }
        return NativeAuthHTTPResponse(statusCode: http.statusCode, headers: headers, body: data)
    }

    /// The kind of a `URLError`. FoundationNetworking (libcurl) reports a connection the server closed
    /// before answering as `badServerResponse` ("Empty reply from server") and one closed mid-body as
    /// `unknown` ("transfer closed with N bytes remaining"); Apple's URLSession reports both as
    /// `networkConnectionLost`, which MSAL retries, so on Linux they map to that kind too.
    static func kind(of error: URLError) -> TransportError.Kind {
        #if canImport(FoundationNetworking)
        let text = error.localizedDescription
        if error.code == .badServerResponse && text.contains("Empty reply") { return .networkConnectionLost }
        if error.code == .unknown && text.contains("transfer closed") { return .networkConnectionLost }
        #endif
        return kind(of: error.code)
    }

    static func kind(of code: URLError.Code) -> TransportError.Kind {
        switch code {
        case .timedOut: .timedOut
        case .cannotFindHost: .cannotFindHost
        case .cannotConnectToHost: .cannotConnectToHost
        case .networkConnectionLost: .networkConnectionLost
        case .notConnectedToInternet: .notConnectedToInternet
        default: .other
        }
    }
}
