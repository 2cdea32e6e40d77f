import Foundation
import NativeAuth

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
        let body = [UInt8](request.body)
        var record = SentRequest(
            url: request.url.absoluteString, headers: request.headers.map { .init($0.name, $0.value) }, body: body,
            continuationToken: FormReader.value(of: "continuation_token", in: body), served: nil, action: 0)
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
        return NativeAuthHTTPResponse(
            statusCode: next.status, headers: next.headers.map { NativeAuthHTTPHeader($0.name, $0.value) },
            body: Data(next.body))
    }
}

/// A minimal `application/x-www-form-urlencoded` reader (`+` and `%20` are spaces), separate from the engine's.
enum FormReader {
    static func value(of name: String, in body: [UInt8]) -> String? {
        var start = body.startIndex
        while start < body.endIndex {
            let end = body[start...].firstIndex(of: UInt8(ascii: "&")) ?? body.endIndex
            if start < end {
                let pair = body[start..<end]
                let equals = pair.firstIndex(of: UInt8(ascii: "="))
                if decode(pair[..<(equals ?? end)]) == name {
                    return equals.map { decode(pair[($0 + 1)...]) } ?? ""
                }
            }
            start = end + 1
        }
        return nil
    }

    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        if !bytes.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        var out: [UInt8] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            if byte == UInt8(ascii: "+") {
                out.append(0x20)
            } else if byte == UInt8(ascii: "%"), i + 2 < bytes.endIndex,
                let value = UInt8(String(decoding: bytes[(i + 1)...(i + 2)], as: UTF8.self), radix: 16)
            {
                out.append(value)
                i += 2
            } else {
                out.append(byte)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
