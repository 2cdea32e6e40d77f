import Foundation
import HAR
import NativeAuth
import NativeAuthWire

/// One request the engine sent during a case, kept for repro captures and the newState check.
public struct SentRequest: Sendable, Hashable {
    /// Full URL.
    public var url: String
    /// Headers as sent.
    public var headers: [FuzzResponse.Header]
    /// The form body.
    public var body: [UInt8]
    /// The `continuation_token` form field, decoded by the fuzzer's own form reader.
    public var continuationToken: String?
    /// What was served: an answer, a fault, or nil when the script had run out.
    public var served: FuzzResponse?
    /// The flow action the request belongs to.
    public var action: Int
    /// The HTTP method (V2's password update is a `PUT`).
    public var method: String = "POST"

    package init(url: String, headers: [FuzzResponse.Header], body: [UInt8], continuationToken: String?, served: FuzzResponse?,
                 action: Int, method: String = "POST") {
        self.url = url
        self.headers = headers
        self.body = body
        self.continuationToken = continuationToken
        self.served = served
        self.action = action
        self.method = method
    }
}

/// A transport that serves a scripted list of answers in order and records every request.
///
/// When the list runs out it fails with a retryable network error, so an engine that sends more
/// requests than the script holds still ends. Faults become ``TransportError``s of the live kinds.
public final class ScriptTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var queue: [FuzzResponse] = []
    private var position = 0
    private var sent: [SentRequest] = []
    private var action = 0

    /// An empty transport.
    public init() {}

    /// Replaces the answers still to be served.
    public func load(_ responses: [FuzzResponse], action: Int = 0) {
        lock.withLock {
            queue = responses
            position = 0
            self.action = action
        }
    }

    /// Every request sent so far.
    public var requests: [SentRequest] { lock.withLock { sent } }

    /// How many requests were sent so far.
    public var requestCount: Int { lock.withLock { sent.count } }

    /// Replaces the log of sent requests (a session going back to a marked point).
    func restore(requests: [SentRequest]) {
        lock.withLock { sent = requests }
    }

    /// How many answers of the current load were served.
    public var served: Int { lock.withLock { position } }

    public func send(_ request: NativeAuthHTTPRequest) async throws -> NativeAuthHTTPResponse {
        // Copied with one memcpy (the generic `Data` → `Array` route goes element by element).
        let body = request.body.withUnsafeBytes { [UInt8]($0) }
        var record = SentRequest(
            url: request.url.absoluteString, headers: request.headers.map { .init($0.name, $0.value) }, body: body,
            continuationToken: FormCodec.firstValue(named: "continuation_token", in: body), served: nil, action: 0, method: request.method)
        let next: FuzzResponse? = lock.withLock {
            let answer: FuzzResponse? = position < queue.count ? queue[position] : nil
            if answer != nil { position += 1 }
            record.served = answer
            record.action = action
            sent.append(record)
            return answer
        }
        guard let next else { throw TransportError(.networkConnectionLost, message: "the fuzz script has no more answers") }
        if let fault = next.fault {
            throw TransportError(TransportError.Kind(rawValue: fault.errorKind) ?? .other, message: "injected \(fault.rawValue)")
        }
        // HAR's status 0 is "no response": no HTTP client ever hands its caller such a status, so it is the
        // transport failure the oracle walks it as.
        if next.status == 0 { throw TransportError(.networkConnectionLost, message: "no response (status 0)") }
        return NativeAuthHTTPResponse(
            statusCode: next.status, headers: next.headers.map { NativeAuthHTTPHeader($0.name, $0.value) },
            body: next.body.withUnsafeBufferPointer { Data(buffer: $0) })
    }
}
