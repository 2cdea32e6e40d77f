/// HTTP header names and fixed values of the native-auth API (spec §3.1, §3.4). HTTP header names are
/// case-insensitive; these are the spellings MSAL sends.
public enum WireHeader {
    /// `Content-Type`.
    public static let contentType = "Content-Type"
    /// `Accept`.
    public static let accept = "Accept"
    /// `x-ms-PkeyAuth+`: advertises PKeyAuth device-auth support (value `1.0`).
    public static let pkeyAuth = "x-ms-PkeyAuth+"
    /// `client-request-id`: the correlation id (request), echoed by the server (response).
    public static let clientRequestID = "client-request-id"
    /// `return-client-request-id`: `true` asks the server to echo `client-request-id`.
    public static let returnClientRequestID = "return-client-request-id"
    /// `x-client-SKU`: e.g. `MSAL.iOS`, `MSAL.OSX`, `MSAL.Android`, `msal.browser`.
    public static let clientSKU = "x-client-SKU"
    /// `x-client-Ver`: library version.
    public static let clientVersion = "x-client-Ver"
    /// `x-client-OS`: OS version.
    public static let clientOS = "x-client-OS"
    /// `x-client-DM`: device model.
    public static let clientDeviceModel = "x-client-DM"
    /// `x-client-CPU`: CPU info.
    public static let clientCPU = "x-client-CPU"
    /// `x-app-name`: app name.
    public static let appName = "x-app-name"
    /// `x-app-ver`: app version.
    public static let appVersion = "x-app-ver"
    /// `x-client-current-telemetry`: `4|<apiId>,<operation>|`.
    public static let currentTelemetry = "x-client-current-telemetry"
    /// `x-client-last-telemetry`: previous-request telemetry.
    public static let lastTelemetry = "x-client-last-telemetry"
    /// `Authorization`: only after a PKeyAuth challenge (secret).
    public static let authorization = "Authorization"
    /// `x-ms-request-id`: server request id (response); JS uses it as correlation id.
    public static let msRequestID = "x-ms-request-id"
    /// `x-ms-clitelem`: server telemetry on token responses.
    public static let msCliTelem = "x-ms-clitelem"
    /// `x-ms-ccs-requestid`.
    public static let msCCSRequestID = "x-ms-ccs-requestid"
    /// `x-ms-srs`.
    public static let msSRS = "x-ms-srs"
    /// `x-ms-clientdata`.
    public static let msClientData = "x-ms-clientdata"
    /// `WWW-Authenticate`: a `PKeyAuth` challenge on 400/401.
    public static let wwwAuthenticate = "WWW-Authenticate"

    /// Request body type: `application/x-www-form-urlencoded`.
    public static let formContentType = "application/x-www-form-urlencoded"
    /// Response body type the emulator sends: `application/json; charset=utf-8`.
    public static let jsonContentType = "application/json; charset=utf-8"
    /// `Accept` value: `application/json`.
    public static let acceptJSON = "application/json"
    /// Header-name prefixes apps must not use for their own headers.
    public static let reservedPrefixes = ["x-ms-", "x-client-", "x-broker-", "x-app-"]

    /// The headers MSAL iOS sends on every native-auth call (spec §3.1), in its order: `Content-Type`,
    /// `Accept`, `x-ms-PkeyAuth+`, `client-request-id`, `return-client-request-id`, `x-client-SKU`,
    /// `x-client-Ver`, `x-client-OS`, then `x-client-current-telemetry` when given.
    public static func requestHeaders(
        correlationID: String, sku: String, version: String, os: String, telemetry: WireTelemetry? = nil
    ) -> [FormField] {
        var headers = [
            FormField(contentType, formContentType), FormField(accept, acceptJSON), FormField(pkeyAuth, "1.0"),
            FormField(clientRequestID, correlationID), FormField(returnClientRequestID, "true"),
            FormField(clientSKU, sku), FormField(clientVersion, version), FormField(clientOS, os),
        ]
        if let telemetry { headers.append(FormField(currentTelemetry, telemetry.headerValue)) }
        return headers
    }
}
