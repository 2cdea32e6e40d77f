/// Phase timings of an entry in milliseconds (`entry.timings`). `blocked`, `dns`, `connect`
/// and `ssl` are optional (-1 or absent when not applicable); `ssl` is included in `connect`.
public struct HARTimings: HARJSONCoding {
    public var blocked: Double?
    public var dns: Double?
    public var connect: Double?
    public var send: Double
    public var wait: Double
    public var receive: Double
    public var ssl: Double?
    public var comment: String?
    public var extensions: JSONObject

    public init(
        blocked: Double? = nil, dns: Double? = nil, connect: Double? = nil, send: Double = 0, wait: Double = 0,
        receive: Double = 0, ssl: Double? = nil, comment: String? = nil, extensions: JSONObject = [:]
    ) {
        self.blocked = blocked
        self.dns = dns
        self.connect = connect
        self.send = send
        self.wait = wait
        self.receive = receive
        self.ssl = ssl
        self.comment = comment
        self.extensions = extensions
    }

    /// The entry's total time: the sum of the non-negative phases (`ssl` is inside `connect`).
    public var total: Double {
        [blocked, dns, connect, send, wait, receive].reduce(0) { sum, phase in
            guard let phase, phase > 0 else { return sum }
            return sum + phase
        }
    }

    init(decoding value: JSONValue) throws(FieldError) {
        var send: Double?, wait: Double?, receive: Double?
        self.init()
        for (key, value) in try value.members() {
            switch key {
            case "blocked": blocked = try value.double(key)
            case "dns": dns = try value.double(key)
            case "connect": connect = try value.double(key)
            case "send": send = try value.double(key)
            case "wait": wait = try value.double(key)
            case "receive": receive = try value.double(key)
            case "ssl": ssl = try value.double(key)
            case "comment": comment = try value.string(key)
            default: extensions.append(key, value)
            }
        }
        self.send = send ?? -1
        self.wait = wait ?? -1
        self.receive = receive ?? -1
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("blocked", blocked)
        object.put("dns", dns)
        object.put("connect", connect)
        object.put("send", send)
        object.put("wait", wait)
        object.put("receive", receive)
        object.put("ssl", ssl)
        object.put("comment", comment)
        object.putExtensions(extensions)
    }
}
