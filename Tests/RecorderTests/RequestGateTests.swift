import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import Recorder

/// Counts the `read` calls that get past the gate (toward the socket).
private final class ReadCounter: ChannelOutboundHandler {
    typealias OutboundIn = NIOAny
    var reads = 0

    func read(context: ChannelHandlerContext) {
        reads += 1
        context.read()
    }
}

/// Keeps the request parts the gate hands on, in order.
private final class PartLog: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    var parts: [String] = []

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): parts.append("head \(head.uri)")
        case .body(let buffer): parts.append("body \(String(buffer: buffer))")
        case .end: parts.append("end")
        }
    }
}

@Suite("Request gate")
struct RequestGateTests {
    private static func channel(maxHeldParts: Int = 256) throws -> (EmbeddedChannel, ReadCounter, PartLog) {
        let counter = ReadCounter()
        let log = PartLog()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(counter)
        try channel.pipeline.syncOperations.addHandler(RequestGate(maxHeldParts: maxHeldParts))
        try channel.pipeline.syncOperations.addHandler(log)
        return (channel, counter, log)
    }

    private static func request(_ uri: String, body: String? = nil) -> [HTTPServerRequestPart] {
        var parts: [HTTPServerRequestPart] = [.head(HTTPRequestHead(version: .http1_1, method: .POST, uri: uri))]
        if let body { parts.append(.body(ByteBuffer(string: body))) }
        parts.append(.end(nil))
        return parts
    }

    @Test("holds a pipelined request until the previous response has ended, then hands it on in order")
    func holdsPipelinedRequests() throws {
        let (channel, _, log) = try Self.channel()
        for part in Self.request("/one", body: "a=1") + Self.request("/two") + Self.request("/three", body: "c") {
            try channel.writeInbound(part)
        }
        #expect(log.parts == ["head /one", "body a=1", "end"])

        // A 100-continue head is not the response's end: nothing moves.
        try channel.writeOutbound(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .continue)))
        channel.embeddedEventLoop.run()
        #expect(log.parts.count == 3)

        try channel.writeOutbound(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .ok)))
        try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        channel.embeddedEventLoop.run()
        #expect(log.parts == ["head /one", "body a=1", "end", "head /two", "end"])

        try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        channel.embeddedEventLoop.run()
        #expect(log.parts.suffix(3) == ["head /three", "body c", "end"])
        _ = try channel.finish()
    }

    @Test("passes the rest of the current request on while its response is being written")
    func currentRequestFlowsDuringResponse() throws {
        let (channel, _, log) = try Self.channel()
        try channel.writeInbound(HTTPServerRequestPart.head(HTTPRequestHead(version: .http1_1, method: .POST, uri: "/x")))
        // An early answer (for example 413) goes out before the body has all arrived.
        try channel.writeOutbound(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .ok)))
        try channel.writeInbound(HTTPServerRequestPart.body(ByteBuffer(string: "late")))
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        #expect(log.parts == ["head /x", "body late", "end"])
        _ = try channel.finish()
    }

    @Test("keeps reading while a response is in flight, and pauses only when too much is held")
    func pausesReadingWhenFull() throws {
        let (channel, counter, log) = try Self.channel(maxHeldParts: 4)
        for part in Self.request("/first") { try channel.writeInbound(part) }
        channel.read()
        #expect(counter.reads == 1)

        // Two pipelined requests (six parts) held: over the limit of four, so reads wait.
        for part in Self.request("/a", body: "1") + Self.request("/b") { try channel.writeInbound(part) }
        channel.read()
        channel.read()
        #expect(counter.reads == 1)

        // The first response ends: /a goes on, what is left is under half the limit, reading resumes once.
        try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        channel.embeddedEventLoop.run()
        #expect(log.parts.suffix(3) == ["head /a", "body 1", "end"])
        #expect(counter.reads == 2)
        channel.read()
        #expect(counter.reads == 3)
        _ = try channel.finish()
    }
}
