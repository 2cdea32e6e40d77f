/// JSON member names and form field names of native authentication V2 (spec native-auth-v2 §1.2, §1.3, §1.6).
public enum V2Key {
    // Flow handle: camelCase in JSON, snake_case in the O1/O2 form and the O1 answer.
    public static let continuationToken = "continuationToken"
    public static let continuationTokenForm = "continuation_token"
    // HAL envelope.
    public static let state = "state"
    public static let action = "action"
    public static let links = "_links"
    public static let embedded = "_embedded"
    public static let methods = "methods"
    public static let href = "href"
    public static let name = "name"
    public static let templated = "templated"
    public static let challengeContext = "challengeContext"
    public static let authenticationFactor = "authenticationFactor"
    public static let id = "id"
    public static let type = "type"
    public static let hint = "hint"
    public static let codeLength = "codeLength"
    public static let payload = "payload"
    // Attributes.
    public static let attributes = "attributes"
    public static let attributeID = "attributeId"
    public static let inputType = "inputType"
    public static let required = "required"
    public static let regex = "regex"
    /// The `attributeId` of the e-mail address: sign-up sends the username as this attribute.
    public static let emailAttribute = "email"
    // Request members.
    public static let username = "username"
    public static let password = "password"
    public static let newPassword = "newPassword"
    public static let otp = "otp"
    public static let target = "target"
    /// The JIT activation code (O15), and the authorization code of the O2 answer and the O17 form.
    public static let code = "code"
    public static let authorizationCode = "authorizationCode"
    // Error envelope.
    public static let error = "error"
    public static let message = "message"
    public static let innerError = "innerError"
    public static let details = "details"
    public static let attributeIDs = "attributeIds"
    public static let correlationID = "correlationId"
    public static let correlationIDSnake = "correlation_id"
    // Form fields of O1, O2 and O17 (shared with V1 spellings).
    public static let clientID = "client_id"
    public static let scope = "scope"
    public static let claims = "claims"
    public static let grantType = "grant_type"
    public static let clientInfo = "client_info"
    /// `grant_type` value of the O17 code exchange.
    public static let authorizationCodeGrant = "authorization_code"
    /// `error_description` of an O17 error body (V1's OAuth envelope).
    public static let errorDescription = "error_description"
    /// `error_codes` of an O17 error body (V1's OAuth envelope).
    public static let errorCodes = "error_codes"
}
