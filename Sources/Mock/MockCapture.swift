import Foundation
import HAR
import NativeAuthWire
import Replay

/// What `authtape mock` serves from one capture: its V1 exchanges (and V2's code exchange at the token
/// endpoint) and its V2 exchanges (authorize-challenge calls and JSON interactions), each in entry order.
public struct MockCapture: Sendable {
    /// The exchanges ``RecordedExchange`` reads.
    public var v1: [RecordedExchange]
    /// The exchanges ``V2RecordedExchange`` reads.
    public var v2: [V2RecordedExchange]

    /// Creates a value.
    public init(v1: [RecordedExchange], v2: [V2RecordedExchange] = []) {
        self.v1 = v1
        self.v2 = v2
    }

    /// Reads the servable exchanges of a HAR document.
    public init(document: HARDocument) {
        self.init(v1: RecordedExchange.exchanges(of: document), v2: V2RecordedExchange.exchanges(of: document))
    }

    /// How many exchanges can be served.
    public var count: Int { v1.count + v2.count }

    /// Whether there is nothing to serve.
    public var isEmpty: Bool { v1.isEmpty && v2.isEmpty }

    /// The path of the authority the recorded client used (`/contoso.onmicrosoft.com`), read from the first
    /// exchange whose path is one a client builds (a V1 endpoint, V2's authorize-challenge); nil when none.
    public var authorityPath: String? {
        let v1Path = v1.first.flatMap { exchange in
            NativeAuthEndpoint.authority(of: exchange.url, endpoint: exchange.endpoint)
                .map { (exchange.entryIndex, URLComponents(string: $0)?.percentEncodedPath ?? "") }
        }
        let v2Path = v2.first { V2Exchange.isAuthorizeChallenge($0.path) }.map { exchange -> (Int, String) in
            var path = exchange.path
            if path.hasSuffix("/") { path.removeLast() }
            return (exchange.entryIndex, String(path.dropLast(V2Path.authorizeChallenge.count)))
        }
        return [v1Path, v2Path].compactMap { $0 }.min { $0.0 < $1.0 }?.1
    }
}
