import Foundation
import HAR
import NativeAuthWire

/// The replace-everywhere pass: copies a HAR's bytes with every whole-token occurrence of a
/// known secret (`SecretIndex`) inside any JSON string replaced by its placeholder, keys and
/// values alike; nothing outside strings changes, so the JSON stays valid. A body written as
/// base64 (the string value of a `"text"` member made only of base64 or base64url characters)
/// is decoded, searched, and encoded again in its own alphabet and padding when it held one.
///
/// It reads the input through an `InputWindow`, so memory holds one window (a megabyte, or
/// the longest string) and one output buffer.
struct EverywherePass {
    let index: SecretIndex.Snapshot
    /// Values replaced.
    private(set) var replaced = 0

    init(index: SecretIndex.Snapshot) {
        self.index = index
    }

    private struct Scan {
        var position = 0
        var copied = 0
        var walk = JSONStringWalk()
    }

    /// Copies `input` to `output`, replacing; `file` names the input in errors.
    mutating func run(_ input: inout InputWindow, to output: inout OutputSink, file: String) throws(HARError) {
        var scan = Scan()
        while true {
            let needMore = input.bytes.withUnsafeBufferPointer { buffer in
                step(buffer, base: input.base, scan: &scan, output: &output)
            }
            if let failure = output.flush() { throw HARError(file: file, message: "cannot write the output (errno \(failure))") }
            guard needMore else { continue }
            if input.isAtEnd {
                input.bytes.withUnsafeBufferPointer { buffer in
                    let from = scan.copied - input.base
                    output.buffer.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[from...]))
                }
                return
            }
            // Everything before `copied` is in the output: keep the rest.
            if let failure = input.readMore(keepingFrom: scan.copied) {
                throw HARError(file: file, message: "cannot read (errno \(failure))")
            }
        }
    }

    /// Processes complete strings in `buffer`; true when it needs more input.
    private mutating func step(
        _ buffer: UnsafeBufferPointer<UInt8>, base: Int, scan: inout Scan, output: inout OutputSink
    ) -> Bool {
        var copied = scan.copied - base
        let walked = scan.walk.walk(buffer, from: scan.position - base, to: buffer.count) { start, end, isText in
            if let edits = self.edits(buffer, from: start, to: end, isText: isText) {
                replaced += edits.count
                ValueRedactor.append(buffer, from: copied, to: end, applying: edits, to: &output.buffer)
                copied = end
            }
            // Hand finished output over in pieces, so the buffer never holds a whole window.
            return output.buffer.count < OutputSink.flushSize
        }
        scan.position = walked.position + base
        if walked.stopped {
            scan.copied = copied + base
            return false
        }
        // Copy what is done, so that the window can drop it.
        output.buffer.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copied..<walked.position]))
        scan.copied = walked.position + base
        return true
    }

    /// The replacements inside the string `buffer[start..<end]`, or nil for none.
    func edits(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, isText: Bool) -> [ByteEdit]? {
        var edits: [ByteEdit] = []
        if index.edits(in: buffer, from: start, to: end, into: &edits) { return edits }
        if isText, let text = Self.base64Edit(buffer, from: start, to: end, known: index) { return [text] }
        return nil
    }

    /// Whether a body can start with `byte` and be base64 (`\` starts `\/`): most bodies
    /// (JSON, markup, forms) are turned away before anything is copied.
    @inline(__always) private static func isBase64Alphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "\\"):
            true
        default: false
        }
    }

    /// The string `buffer[start..<end]` as base64 with known secrets replaced inside, or nil
    /// when it is not base64 or holds none.
    static func base64Edit(
        _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, known index: SecretIndex.Snapshot
    ) -> ByteEdit? {
        guard end - start >= 8, isBase64Alphabet(buffer[start]) else { return nil }
        var urlSafe = false
        var standard = false
        var text: [UInt8] = []
        text.reserveCapacity(end - start)
        var i = start
        while i < end {
            var c = buffer[i]
            if c == UInt8(ascii: "\\") {
                // Only `\/` is possible in base64 written as JSON.
                guard i + 1 < end, buffer[i + 1] == UInt8(ascii: "/") else { return nil }
                c = UInt8(ascii: "/")
                i += 1
            }
            switch c {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "="):
                break
            case UInt8(ascii: "+"), UInt8(ascii: "/"): standard = true
            case UInt8(ascii: "-"), UInt8(ascii: "_"): urlSafe = true
            default: return nil
            }
            text.append(c)
            i += 1
        }
        guard !(urlSafe && standard) else { return nil }
        // Padded style: it ends in `=`, or its length needed none; only a length that is not a
        // multiple of four shows an encoder that leaves padding out.
        let padded = text.last == UInt8(ascii: "=") || text.count % 4 == 0
        let string = String(decoding: text, as: UTF8.self)
        guard let decoded = Base64.decode(string) else { return nil }
        var edits: [ByteEdit] = []
        let found = decoded.withUnsafeBufferPointer { bytes in
            index.edits(in: bytes, from: 0, to: bytes.count, into: &edits)
        }
        guard found else { return nil }
        var replacedBytes: [UInt8] = []
        decoded.withUnsafeBufferPointer { bytes in
            ValueRedactor.append(bytes, from: 0, to: bytes.count, applying: edits, to: &replacedBytes)
        }
        var encoded = Base64.encode(replacedBytes, urlSafe: urlSafe)
        if urlSafe, padded {
            while encoded.utf8.count % 4 != 0 { encoded += "=" }
        } else if !urlSafe, !padded {
            while encoded.hasSuffix("=") { encoded.removeLast() }
        }
        return (start..<end, Array(encoded.utf8))
    }
}
