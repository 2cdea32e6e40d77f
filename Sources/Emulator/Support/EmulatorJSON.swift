import Foundation
import NativeAuthWire

/// A small JSON value with a fast, deterministic writer (keys keep their insertion order).
///
/// Responses on the hot path are built with this instead of `JSONSerialization`, which is slow on Linux and
/// does not keep key order.
public enum EmulatorJSON: Sendable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([EmulatorJSON])
    case object([(String, EmulatorJSON)])

    public static func == (lhs: EmulatorJSON, rhs: EmulatorJSON) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The UTF-8 bytes of the compact JSON text.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(128)
        write(into: &out)
        return out
    }

    /// The compact JSON text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    func write(into out: inout [UInt8]) {
        switch self {
        case .string(let s): JSONString.appendQuoted(s, to: &out)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d): out.append(contentsOf: (d.isFinite ? "\(d)" : "0").utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            out.append(UInt8(ascii: "{"))
            for (index, pair) in pairs.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONString.appendQuoted(pair.0, to: &out)
                out.append(UInt8(ascii: ":"))
                pair.1.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Parses JSON text (not on the hot path). Object keys come back sorted.
    public static func parse(_ data: Data) -> EmulatorJSON? {
        try? JSONDecoder().decode(EmulatorJSON.self, from: data)
    }

    /// The value of `key` when this is an object.
    public subscript(key: String) -> EmulatorJSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first(where: { $0.0 == key })?.1
    }

    /// The string payload, if this is a string.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    /// The integer payload, if this is an integer.
    public var intValue: Int? { if case .int(let i) = self { i } else { nil } }
    /// The array payload, if this is an array.
    public var arrayValue: [EmulatorJSON]? { if case .array(let a) = self { a } else { nil } }
}

extension EmulatorJSON: Decodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            let keys = keyed.allKeys.map(\.stringValue).sorted()
            self = .object(try keys.map { ($0, try keyed.decode(EmulatorJSON.self, forKey: Key(stringValue: $0))) })
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var items: [EmulatorJSON] = []
            while !unkeyed.isAtEnd { items.append(try unkeyed.decode(EmulatorJSON.self)) }
            self = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let b = try? single.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? single.decode(Int.self) {
            self = .int(i)
        } else if let d = try? single.decode(Double.self) {
            self = .double(d)
        } else {
            self = .string(try single.decode(String.self))
        }
    }
}
