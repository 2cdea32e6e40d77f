// Sample HAR files shaped like real exports, written for these tests.

enum HARFixtures {
    /// Shaped like mitmproxy's `savehar` output: empty pages, both `params` and `text` in
    /// postData, a base64 binary response, `_resourceType` websocket entry fields.
    static let mitmproxy = #"""
        {
          "log": {
            "version": "1.2",
            "creator": {"name": "mitmproxy", "version": "11.0.2", "comment": "mitmproxy version 11.0.2"},
            "pages": [],
            "entries": [
              {
                "startedDateTime": "2026-11-20T10:15:01.123456+00:00",
                "time": 183.412,
                "request": {
                  "method": "POST",
                  "url": "https://contoso.ciamlogin.com/contoso.onmicrosoft.com/signup/v1.0/start",
                  "httpVersion": "HTTP/1.1",
                  "cookies": [],
                  "headers": [
                    {"name": "Host", "value": "contoso.ciamlogin.com"},
                    {"name": "Content-Type", "value": "application/x-www-form-urlencoded"}
                  ],
                  "queryString": [],
                  "headersSize": 211,
                  "bodySize": 95,
                  "postData": {
                    "mimeType": "application/x-www-form-urlencoded",
                    "text": "client_id=1111&username=user%40contoso.com&challenge_type=oob+password",
                    "params": [
                      {"name": "client_id", "value": "1111"},
                      {"name": "username", "value": "user@contoso.com"},
                      {"name": "challenge_type", "value": "oob password"}
                    ]
                  }
                },
                "response": {
                  "status": 200,
                  "statusText": "OK",
                  "httpVersion": "HTTP/1.1",
                  "cookies": [
                    {"name": "x-ms-gateway-slice", "value": "estsfd", "path": "/", "domain": "", "expires": "", "httpOnly": true, "secure": true, "sameSite": "None"}
                  ],
                  "headers": [
                    {"name": "Content-Type", "value": "application/json; charset=utf-8"},
                    {"name": "Set-Cookie", "value": "x-ms-gateway-slice=estsfd; path=/; secure; samesite=none; httponly"}
                  ],
                  "content": {
                    "size": 47,
                    "compression": 0,
                    "mimeType": "application/json; charset=utf-8",
                    "text": "{\"continuation_token\":\"AQABAAEAAA\",\"x\":\"é\"}"
                  },
                  "redirectURL": "",
                  "headersSize": 402,
                  "bodySize": 47
                },
                "cache": {},
                "timings": {"connect": 12.5, "ssl": 8.25, "send": 0.12, "receive": 1.5, "wait": 160.0, "blocked": -1, "dns": -1},
                "serverIPAddress": "20.190.151.7"
              },
              {
                "startedDateTime": "2026-11-20T10:15:02.000000+00:00",
                "time": 20,
                "request": {
                  "method": "GET",
                  "url": "https://contoso.ciamlogin.com/favicon.ico?size=16&v=2",
                  "httpVersion": "HTTP/2.0",
                  "cookies": [{"name": "session", "value": "abc"}],
                  "headers": [],
                  "queryString": [{"name": "size", "value": "16"}, {"name": "v", "value": "2"}],
                  "headersSize": 80,
                  "bodySize": 0
                },
                "response": {
                  "status": 200,
                  "statusText": "",
                  "httpVersion": "HTTP/2.0",
                  "cookies": [],
                  "headers": [{"name": "content-type", "value": "image/x-icon"}],
                  "content": {"size": 6, "compression": 0, "mimeType": "image/x-icon", "text": "AAEC/f7/", "encoding": "base64"},
                  "redirectURL": "",
                  "headersSize": 60,
                  "bodySize": 6
                },
                "cache": {},
                "timings": {"connect": -1, "ssl": -1, "send": 0, "receive": 0, "wait": 20},
                "_resourceType": "websocket",
                "_webSocketMessages": [{"type": "send", "time": 1763633702.5, "opcode": 1, "data": "ping"}]
              }
            ]
          }
        }
        """#

    /// Shaped like a Chrome DevTools export: keys in Chrome's order, pages, `_initiator`,
    /// `_priority`, `_resourceType`, `_transferSize`, `_error: null`, `_blocked_queueing`.
    static let chrome = #"""
        {
          "log": {
            "version": "1.2",
            "creator": {"name": "WebInspector", "version": "537.36"},
            "pages": [
              {"startedDateTime": "2026-11-20T10:14:59.001Z", "id": "page_1", "title": "https://app.contoso.com/", "pageTimings": {"onContentLoad": 412.7, "onLoad": 690.2}}
            ],
            "entries": [
              {
                "_initiator": {"type": "script", "stack": {"callFrames": [{"functionName": "signIn", "scriptId": "42", "url": "https://app.contoso.com/app.js", "lineNumber": 10, "columnNumber": 4}]}},
                "_priority": "High",
                "_resourceType": "fetch",
                "cache": {},
                "connection": "443",
                "pageref": "page_1",
                "request": {
                  "method": "POST",
                  "url": "https://contoso.ciamlogin.com/contoso.onmicrosoft.com/oauth2/v2.0/initiate",
                  "httpVersion": "http/2.0",
                  "headers": [
                    {"name": ":authority", "value": "contoso.ciamlogin.com"},
                    {"name": "content-type", "value": "application/x-www-form-urlencoded"}
                  ],
                  "queryString": [],
                  "cookies": [],
                  "headersSize": -1,
                  "bodySize": 58,
                  "postData": {"mimeType": "application/x-www-form-urlencoded", "text": "client_id=1111&username=user%40contoso.com&challenge_type=password"}
                },
                "response": {
                  "status": 400,
                  "statusText": "",
                  "httpVersion": "http/2.0",
                  "headers": [{"name": "content-type", "value": "application/json; charset=utf-8"}],
                  "cookies": [],
                  "content": {"size": 120, "mimeType": "application/json", "compression": 33, "text": "{\"error\":\"user_not_found\",\"error_codes\":[50034],\"timestamp\":\"2026-11-20 10:15:00Z\"}"},
                  "redirectURL": "",
                  "headersSize": -1,
                  "bodySize": 87,
                  "_transferSize": 310,
                  "_error": null
                },
                "serverIPAddress": "[2603:1037:1:110::5]",
                "startedDateTime": "2026-11-20T10:15:00.271Z",
                "time": 95.28800000227056,
                "timings": {"blocked": 2.073, "dns": -1, "ssl": -1, "connect": -1, "send": 0.253, "wait": 91.6, "receive": 1.362, "_blocked_queueing": 1.211, "_workerStart": -1}
              }
            ]
          }
        }
        """#

    /// Shaped like a Firefox export with optional fields left out and a header comment.
    static let sparse = #"""
        {"log": {"version": "1.2", "creator": {"name": "Firefox", "version": "133.0"},
          "browser": {"name": "Firefox", "version": "133.0"}, "comment": "exported",
          "entries": [
            {"startedDateTime": "2026-11-20T10:15:00.000+01:00",
             "request": {"method": "GET", "url": "https://example.com/a"},
             "response": {"status": 304, "content": {"mimeType": "text/html"}},
             "timings": {"send": 1, "wait": 2, "receive": 3, "blocked": 4, "dns": -1}}
          ]}}
        """#

    /// Shaped like a Charles export: base64 bodies everywhere, numeric `connection`.
    static let charles = #"""
        {"log":{"version":"1.2","creator":{"name":"Charles Proxy","version":"5.0"},"entries":[
          {"startedDateTime":"2026-11-20T10:15:00.000+00:00","time":10,"request":{"method":"POST","url":"https://example.com/upload","httpVersion":"HTTP/1.1","cookies":[],"headers":[],"queryString":[],"postData":{"mimeType":"application/octet-stream","text":"AP8Q"},"headersSize":10,"bodySize":3},
           "response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","cookies":[],"headers":[],"content":{"size":11,"mimeType":"text/plain","text":"aGVsbG8gd29ybGQ=","encoding":"base64"},"redirectURL":"","headersSize":10,"bodySize":11},
           "cache":{},"timings":{"dns":-1,"connect":-1,"ssl":-1,"send":1,"wait":8,"receive":1},"connection":1234}
        ]}}
        """#
}
