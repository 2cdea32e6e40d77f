/// The OAuth-style error body of an HTTP 400 (spec §2.3), with the flow fields some errors carry.
///
/// Decoding requires `error` (iOS cannot decode an error body without it); every other field is optional
/// and type-checked. ``json`` writes the fields in a stable, documented order for the emulator.
public struct WireErrorEnvelope: Hashable, Sendable {
    /// `error`.
    public var error: WireErrorCode
    /// `error_description` (normally `AADSTSnnnnn: ... Trace ID: ... Correlation ID: ... Timestamp: ...`).
    public var errorDescription: String?
    /// `error_codes` (empty when absent).
    public var errorCodes: [AADSTSCode]
    /// `suberror`.
    public var suberror: WireSuberror?
    /// `timestamp` (`yyyy-mm-dd hh:mm:ssZ`).
    public var timestamp: String?
    /// `trace_id`.
    public var traceID: String?
    /// `correlation_id`.
    public var correlationID: String?
    /// `error_uri`.
    public var errorURI: String?
    /// `inner_errors`.
    public var innerErrors: [WireInnerError]?
    /// `continuation_token` (credential_required, attributes_required, verification_required, mfa_required …).
    public var continuationToken: String?
    /// `required_attributes` (attributes_required).
    public var requiredAttributes: [WireRequiredAttribute]?
    /// `unverified_attributes` (verification_required).
    public var unverifiedAttributes: [WireAttributeName]?
    /// `invalid_attributes` (attribute_validation_failed).
    public var invalidAttributes: [WireAttributeName]?
    /// `target` (SSPR errors).
    public var target: String?

    /// Creates the value from its parts.
    public init(
        error: WireErrorCode, errorDescription: String? = nil, errorCodes: [AADSTSCode] = [],
        suberror: WireSuberror? = nil, timestamp: String? = nil, traceID: String? = nil,
        correlationID: String? = nil, errorURI: String? = nil, innerErrors: [WireInnerError]? = nil,
        continuationToken: String? = nil, requiredAttributes: [WireRequiredAttribute]? = nil,
        unverifiedAttributes: [WireAttributeName]? = nil, invalidAttributes: [WireAttributeName]? = nil,
        target: String? = nil
    ) {
        self.error = error
        self.errorDescription = errorDescription
        self.errorCodes = errorCodes
        self.suberror = suberror
        self.timestamp = timestamp
        self.traceID = traceID
        self.correlationID = correlationID
        self.errorURI = errorURI
        self.innerErrors = innerErrors
        self.continuationToken = continuationToken
        self.requiredAttributes = requiredAttributes
        self.unverifiedAttributes = unverifiedAttributes
        self.invalidAttributes = invalidAttributes
        self.target = target
    }

    /// Decodes the envelope from a body; throws for a missing `error` or any mistyped field.
    public init(body: WireBody) throws(WireFieldError) {
        guard let error = try body.error else { throw body.missing(WireField.error) }
        self.error = error
        errorDescription = try body.errorDescription
        errorCodes = try body.errorCodes ?? []
        suberror = try body.suberror
        timestamp = try body.timestamp
        traceID = try body.traceID
        correlationID = try body.correlationID
        errorURI = try body.errorURI
        innerErrors = try body.innerErrors
        continuationToken = try body.continuationToken
        requiredAttributes = try body.requiredAttributes
        unverifiedAttributes = try body.unverifiedAttributes
        invalidAttributes = try body.invalidAttributes
        target = try body.target
    }

    /// `error_codes[0]`, the code the SDKs branch on.
    public var firstErrorCode: AADSTSCode? { errorCodes.first }

    /// The body as JSON: `error`, `error_description`, `error_codes`, `suberror`, `timestamp`, `trace_id`,
    /// `correlation_id`, then the optional fields; absent values are omitted (`error_codes` always written).
    public var json: WireJSON {
        var members = [WireJSON.Member(WireField.error, .string(error.rawValue))]
        func add(_ key: String, _ value: WireJSON?) {
            if let value { members.append(WireJSON.Member(key, value)) }
        }
        add(WireField.errorDescription, errorDescription.map(WireJSON.string))
        add(WireField.errorCodes, .array(errorCodes.map { .int($0.rawValue) }))
        add(WireField.suberror, suberror.map { .string($0.rawValue) })
        add(WireField.timestamp, timestamp.map(WireJSON.string))
        add(WireField.traceID, traceID.map(WireJSON.string))
        add(WireField.correlationID, correlationID.map(WireJSON.string))
        add(WireField.errorURI, errorURI.map(WireJSON.string))
        add(WireField.innerErrors, innerErrors.map { .array($0.map(\.json)) })
        add(WireField.continuationToken, continuationToken.map(WireJSON.string))
        add(WireField.requiredAttributes, requiredAttributes.map { .array($0.map(\.json)) })
        add(WireField.unverifiedAttributes, unverifiedAttributes.map { .array($0.map(\.json)) })
        add(WireField.invalidAttributes, invalidAttributes.map { .array($0.map(\.json)) })
        add(WireField.target, target.map(WireJSON.string))
        return .object(members)
    }
}

extension WireErrorEnvelope {
    /// An envelope shaped like Entra's: `error_description` is
    /// `AADSTS<code>: <message> Trace ID: <trace> Correlation ID: <correlation> Timestamp: <timestamp>`,
    /// `error_codes` is `[code]`, and the three diagnostic fields are set. `timestamp` is already formatted
    /// (`yyyy-mm-dd hh:mm:ssZ`, see ``WireTimestamp``) so callers inject their own clock.
    public static func aadsts(
        _ error: WireErrorCode, code: AADSTSCode, message: String, suberror: WireSuberror? = nil,
        traceID: String, correlationID: String, timestamp: String
    ) -> WireErrorEnvelope {
        WireErrorEnvelope(
            error: error,
            errorDescription:
                "\(code): \(message) Trace ID: \(traceID) Correlation ID: \(correlationID) Timestamp: \(timestamp)",
            errorCodes: [code], suberror: suberror, timestamp: timestamp, traceID: traceID,
            correlationID: correlationID)
    }
}
