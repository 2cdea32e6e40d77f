import Foundation
import Fuzz

/// A fault the loopback ``FaultServer`` applies to one exchange, on a real socket.
public enum LiveFault: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Reads the request, then closes with `SO_LINGER` 0 so the client gets a TCP reset.
    case connectionReset
    /// Reads the request, then closes the connection without sending a byte.
    case emptyResponse
    /// Sends the status line, the headers (with the full `Content-Length`) and half the body, then closes.
    case cutMidBody
    /// Reads the request and never answers (the connection stays open until the server stops).
    case neverAnswers
    /// Sends the whole answer, its body in small chunks with a delay between them.
    case slowBody

    /// The matching scripted-transport fault, for repro captures and the oracle's input.
    public var scriptedFault: TransportFault {
        switch self {
        case .connectionReset: .connectionReset
        case .emptyResponse: .emptyResponse
        case .cutMidBody: .cutMidBody
        case .neverAnswers: .neverAnswers
        case .slowBody: .slowBody
        }
    }

    public var description: String { rawValue }
}

/// One answer the fault server serves: a scripted response, optionally with a fault applied to it.
public struct ServedItem: Sendable, Hashable {
    /// The scripted answer (a faulted item uses its bytes for `cutMidBody` and `slowBody`).
    public var response: FuzzResponse
    /// The fault to apply, nil for a plain answer.
    public var fault: LiveFault?

    public init(_ response: FuzzResponse, fault: LiveFault? = nil) {
        self.response = response
        self.fault = fault
    }

    /// What the oracle sees for this item: the answer, or a transport failure (status 0).
    public var oracleResponse: FuzzResponse {
        guard let fault, fault != .slowBody else { return response }
        return .failure(fault.scriptedFault)
    }
}

/// The shared, lock-protected state of a fault server: the answers still to serve, the requests seen,
/// and the connections still open (closed when the server stops).
final class FaultServerScript: @unchecked Sendable {
    private let lock = NSLock()
    private var queue: [ServedItem] = []
    private var position = 0
    private var action = 0
    private var sent: [SentRequest] = []

    func load(_ items: [ServedItem], action: Int) {
        lock.withLock {
            queue = items
            position = 0
            self.action = action
        }
    }

    /// Records a request and hands out the next item (nil when the script ran out).
    func next(for request: SentRequest) -> ServedItem? {
        lock.withLock {
            var record = request
            let item: ServedItem? = position < queue.count ? queue[position] : nil
            if item != nil { position += 1 }
            record.served = item?.oracleResponse
            record.action = action
            sent.append(record)
            return item
        }
    }

    var requests: [SentRequest] { lock.withLock { sent } }
}
