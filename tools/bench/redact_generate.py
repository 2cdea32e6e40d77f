#!/usr/bin/env python3
"""Writes a large HAR of native-auth exchanges for the redaction benchmark.

Sign-up, sign-in, password reset and MFA flows against an Entra External ID tenant, with
passwords, one-time codes (also in authorization-code redirects: the query, `Location`,
`Referer`), continuation tokens, JWT access and id tokens, refresh tokens, e-mail addresses,
phone numbers, cookies and Authorization headers. A few responses are gzip bodies stored as
base64, as other tools capture them. The same seeded exchanges are written in one of four
layouts (--layout):

  authtape   what `authtape record` writes: 2-space indent, HAR key order, `_authtape`
  compact    json.dump(separators=(",", ":")) (non-ASCII escaped), no `_authtape`
  chrome     Chrome DevTools' export of HTTP/2 traffic: 2-space indent, keys sorted, pages,
             lower-case headers after the pseudo-headers (`:path` repeats the URL's path and
             query), `_initiator`, `_priority`, `_resourceType`, `_transferSize`
  mitmproxy  mitmproxy's export: 4-space indent, its creator, empty pages
  dense      compact, with the few headers and short tokens of a real native-auth capture of
             an app (no browser boilerplate): about one replaced value per 270 bytes, three
             times the others' density

    redact_generate.py OUTPUT [--megabytes 100] [--seed 1] [--layout authtape]

The output depends only on the arguments (seeded random numbers, fixed clock).
"""

import argparse
import base64
import gzip
import json
import random
import sys
import time
import urllib.parse

AUTHORITY = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"
CLIENT_ID = "11111111-2222-4333-8444-555555555555"
FIRST_NAMES = ["alex", "sam", "kim", "jo", "noor", "lea", "ravi", "mina", "olu", "ines"]
DOMAINS = ["example.com", "contoso.org", "fabrikam.net", "mail.example.co.uk"]
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


class Generator:
    def __init__(self, seed, dense=False):
        self.dense = dense
        self.rng = random.Random(seed)
        self.clock = 1_795_000_000.0
        self.flow = 0

    def token(self, length):
        return "".join(self.rng.choice(ALPHABET) for _ in range(length))

    def b64url(self, raw):
        return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

    def jwt(self, claims):
        header = self.b64url(b'{"alg":"RS256","kid":"' + self.token(20).encode() + b'","typ":"JWT"}')
        body = self.b64url(json.dumps(claims, separators=(",", ":")).encode())
        signature = self.b64url(self.rng.randbytes(256))
        return f"{header}.{body}.{signature}"

    def user(self):
        name = self.rng.choice(FIRST_NAMES) + "." + self.token(6).lower()
        return name + "@" + self.rng.choice(DOMAINS)

    def phone(self):
        return "+1 425 555 " + "".join(self.rng.choice("0123456789") for _ in range(4))

    def guid(self):
        h = "".join(self.rng.choice("0123456789abcdef") for _ in range(32))
        return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"

    def continuation_token(self):
        if self.dense:
            return "uY29udGludWF0aW9u" + self.token(self.rng.randint(16, 48))
        return "uY29udGludWF0aW9u" + self.token(self.rng.randint(300, 700))

    def started(self):
        self.clock += self.rng.uniform(0.2, 3.0)
        seconds = int(self.clock)
        millis = int((self.clock - seconds) * 1000)
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds))
        return f"{stamp}.{millis:03d}Z"

    # One exchange in the order and shape HARWriter uses.
    def entry(self, path, form, status, body, flow_id, flow_kind, extra_request_headers=(),
              extra_response_headers=(), gzip_response=False, cookies=False, query=""):
        request_body = urllib.parse.urlencode(form, quote_via=urllib.parse.quote_plus)
        # A dense capture carries its session cookies on every exchange.
        cookies = cookies or (self.dense and self.rng.random() < 0.4)
        correlation = self.guid()
        request_headers = [
            {"name": "Host", "value": "contoso.ciamlogin.com"},
            {"name": "Content-Type", "value": "application/x-www-form-urlencoded"},
            {"name": "Accept", "value": "application/json"},
            {"name": "client-request-id", "value": correlation},
            {"name": "x-client-SKU", "value": "MSAL.iOS"},
            {"name": "x-client-Ver", "value": "1.6.0"},
            {"name": "x-client-OS", "value": "18.1"},
            {"name": "x-client-DM", "value": "iPhone"},
            {"name": "User-Agent", "value": "ContosoApp/4.2 CFNetwork/1568.200.51 Darwin/24.1.0"},
            {"name": "Content-Length", "value": str(len(request_body))},
        ] + list(extra_request_headers)
        if self.dense:
            # An app's request: content type and the MSAL headers that carry no secret, dropped.
            request_headers = [request_headers[1], request_headers[3]] + list(extra_request_headers)
        if cookies:
            request_headers.append({"name": "Cookie", "value": f"x-ms-gateway-slice=estsfd; stsservicecookie={self.token(40)}; fpc={self.token(60)}"})
        response_text = json.dumps(body, separators=(",", ":"))
        response_headers = [
            {"name": "Content-Type", "value": "application/json; charset=utf-8"},
            {"name": "Cache-Control", "value": "no-store, no-cache"},
            {"name": "Pragma", "value": "no-cache"},
            {"name": "Strict-Transport-Security", "value": "max-age=31536000; includeSubDomains"},
            {"name": "X-Content-Type-Options", "value": "nosniff"},
            {"name": "client-request-id", "value": correlation},
            {"name": "x-ms-request-id", "value": self.guid()},
            {"name": "x-ms-ests-server", "value": "2.1.19185.6 - WUS2 ProdSlices"},
            {"name": "Date", "value": "Sat, 22 Nov 2026 10:00:00 GMT"},
        ] + list(extra_response_headers)
        if self.dense:
            response_headers = [response_headers[0], response_headers[5]] + list(extra_response_headers)
        response_cookies = []
        if cookies:
            value = self.token(48)
            response_headers.append({"name": "Set-Cookie", "value": f"fpc={value}; expires=Mon, 22-Dec-2026 10:00:00 GMT; path=/; secure; HttpOnly; SameSite=None"})
            response_cookies.append({"name": "fpc", "value": value, "path": "/", "httpOnly": True, "secure": True})
        content = {"size": len(response_text.encode()), "mimeType": "application/json; charset=utf-8"}
        if gzip_response:
            response_headers.append({"name": "Content-Encoding", "value": "gzip"})
            compressed = gzip.compress(response_text.encode(), mtime=0)
            content["text"] = base64.b64encode(compressed).decode()
            content["encoding"] = "base64"
        else:
            content["text"] = response_text
        send, wait, receive = 0.1, self.rng.randint(40, 400) + 0.3, 0.4
        return {
            "startedDateTime": self.started(),
            "time": round(send + wait + receive, 1),
            "request": {
                "method": "POST",
                "url": AUTHORITY + path + (query or ("?dc=ESTS-PUB-WUS2-AZ1-FD000-TEST1" if self.rng.random() < 0.2 else "")),
                "httpVersion": "HTTP/1.1",
                "cookies": [],
                "headers": request_headers,
                "queryString": [],
                "postData": {"mimeType": "application/x-www-form-urlencoded", "text": request_body},
                "headersSize": -1,
                "bodySize": len(request_body),
            },
            "response": {
                "status": status,
                "statusText": "OK" if status == 200 else "Bad Request",
                "httpVersion": "HTTP/1.1",
                "cookies": response_cookies,
                "headers": response_headers,
                "content": content,
                "redirectURL": "",
                "headersSize": -1,
                "bodySize": len(response_text.encode()),
            },
            "cache": {},
            "timings": {"blocked": -1, "dns": -1, "connect": -1, "send": send, "wait": wait, "receive": receive, "ssl": -1},
            "serverIPAddress": "20.190.151." + str(self.rng.randint(1, 254)),
            "connection": str(self.rng.randint(40000, 65000)),
            "_authtape": {"schemaVersion": 1, "flowId": flow_id, "flowKind": flow_kind, "step": path.lstrip("/")},
        } if not self.dense else {
            "startedDateTime": self.started(),
            "time": round(send + wait + receive, 1),
            "request": {"method": "POST", "url": AUTHORITY + path + query, "httpVersion": "HTTP/1.1", "cookies": [],
                        "headers": request_headers, "queryString": [],
                        "postData": {"mimeType": "application/x-www-form-urlencoded", "text": request_body},
                        "headersSize": -1, "bodySize": len(request_body)},
            "response": {"status": status, "statusText": "", "httpVersion": "HTTP/1.1", "cookies": response_cookies,
                         "headers": response_headers, "content": content, "redirectURL": "", "headersSize": -1,
                         "bodySize": len(response_text.encode())},
            "cache": {},
            "timings": {"send": send, "wait": wait, "receive": receive},
        }

    def tokens(self, email):
        if self.dense:
            return {"token_type": "Bearer", "expires_in": 3599, "access_token": "eyJ0eXAi." + self.token(60) + "." + self.token(40),
                    "refresh_token": "1.AXkA" + self.token(80), "id_token": "eyJ0eXAi." + self.token(50) + "." + self.token(40)}
        oid = self.guid()
        access = self.jwt({"aud": CLIENT_ID, "iss": "https://" + self.guid() + ".ciamlogin.com/", "iat": 1795000000,
                           "exp": 1795003600, "oid": oid, "preferred_username": email, "scp": "openid profile",
                           "tid": self.guid(), "uti": self.token(22), "ver": "2.0"})
        ident = self.jwt({"aud": CLIENT_ID, "name": "Test User", "oid": oid, "email": email, "tid": self.guid()})
        return {"token_type": "Bearer", "scope": "openid profile offline_access", "expires_in": 3599,
                "ext_expires_in": 3599, "access_token": access, "refresh_token": "1.AXkA" + self.token(800),
                "id_token": ident,
                "client_info": base64.b64encode(json.dumps({"uid": oid, "utid": self.guid()}).encode()).decode()}

    def challenge_body(self, token, email):
        masked = email[0] + "***@" + email.split("@")[1]
        return {"continuation_token": token, "challenge_type": "oob", "binding_method": "prompt",
                "challenge_channel": "email", "challenge_target_label": masked, "code_length": 8, "interval": 300}

    def flow_entries(self):
        self.flow += 1
        kind = self.rng.choice(["signUp", "signIn", "resetPassword", "mfa"])
        flow_id = f"{kind}-{self.flow}"
        email = self.user()
        password = "P@ss-" + self.token(10) + "!"
        code = "".join(self.rng.choice("0123456789") for _ in range(8))
        cookies = self.rng.random() < 0.3
        gz = self.rng.random() < 0.1
        t = [self.continuation_token() for _ in range(5)]
        e = self.entry
        if kind == "signUp":
            return [
                e("/signup/v1.0/start", [("client_id", CLIENT_ID), ("username", email), ("password", password), ("challenge_type", "oob password redirect")], 200, {"continuation_token": t[0]}, flow_id, kind, cookies=cookies),
                e("/signup/v1.0/challenge", [("client_id", CLIENT_ID), ("continuation_token", t[0]), ("challenge_type", "oob password redirect")], 200, self.challenge_body(t[1], email), flow_id, kind),
                e("/signup/v1.0/continue", [("client_id", CLIENT_ID), ("continuation_token", t[1]), ("grant_type", "oob"), ("oob", code)], 400,
                  {"error": "attributes_required", "error_description": "AADSTS55106: User attributes required for " + email, "error_codes": [55106], "timestamp": "2026-11-22 10:00:02Z", "trace_id": self.guid(), "correlation_id": self.guid(), "continuation_token": t[2], "required_attributes": [{"name": "displayName", "type": "string", "required": True}]}, flow_id, kind),
                e("/signup/v1.0/continue", [("client_id", CLIENT_ID), ("continuation_token", t[2]), ("grant_type", "attributes"), ("attributes", json.dumps({"displayName": "Test " + self.token(6), "mobilePhone": self.phone()}))], 200, {"continuation_token": t[3], "expires_in": 600}, flow_id, kind),
                e("/oauth2/v2.0/token", [("client_id", CLIENT_ID), ("continuation_token", t[3]), ("grant_type", "continuation_token"), ("username", email), ("scope", "openid profile offline_access"), ("client_info", "true")], 200, self.tokens(email), flow_id, kind, gzip_response=gz),
            ]
        if kind == "signIn":
            # The browser part of a sign-in: an authorization code in a redirect.
            state = self.token(16)
            callback = f"https://app.contoso.example/callback?code={code}&state={state}"
            return [
                e("/oauth2/v2.0/authorize", [("client_id", CLIENT_ID), ("login_hint", email)], 302, {}, flow_id, kind,
                  query=f"?client_id={CLIENT_ID}&response_type=code&code={code}&state={state}",
                  extra_request_headers=[{"name": "Referer", "value": "https://app.contoso.example/signin?login_hint=" + urllib.parse.quote(email)}],
                  extra_response_headers=[{"name": "Location", "value": callback}]),
                e("/oauth2/v2.0/initiate", [("client_id", CLIENT_ID), ("username", email), ("challenge_type", "password redirect")], 200, {"continuation_token": t[0]}, flow_id, kind, cookies=cookies),
                e("/oauth2/v2.0/challenge", [("client_id", CLIENT_ID), ("continuation_token", t[0]), ("challenge_type", "password redirect")], 200, {"continuation_token": t[1], "challenge_type": "password"}, flow_id, kind),
                e("/oauth2/v2.0/token", [("client_id", CLIENT_ID), ("continuation_token", t[1]), ("grant_type", "password"), ("password", password), ("scope", "openid profile offline_access"), ("client_info", "true")], 200, self.tokens(email), flow_id, kind, gzip_response=gz),
                e("/oauth2/v2.0/token", [("client_id", CLIENT_ID), ("grant_type", "refresh_token"), ("refresh_token", "1.AXkA" + self.token(80 if self.dense else 800)), ("scope", "openid profile offline_access")], 200, self.tokens(email), flow_id, kind,
                  extra_request_headers=[{"name": "Authorization", "value": "Bearer " + self.jwt({"sub": self.guid(), "email": email})}]),
            ]
        if kind == "resetPassword":
            return [
                e("/resetpassword/v1.0/start", [("client_id", CLIENT_ID), ("username", email), ("challenge_type", "oob redirect")], 200, {"continuation_token": t[0]}, flow_id, kind),
                e("/resetpassword/v1.0/challenge", [("client_id", CLIENT_ID), ("continuation_token", t[0]), ("challenge_type", "oob redirect")], 200, self.challenge_body(t[1], email), flow_id, kind),
                e("/resetpassword/v1.0/continue", [("client_id", CLIENT_ID), ("continuation_token", t[1]), ("grant_type", "oob"), ("oob", code)], 200, {"continuation_token": t[2], "expires_in": 600}, flow_id, kind),
                e("/resetpassword/v1.0/submit", [("client_id", CLIENT_ID), ("continuation_token", t[2]), ("new_password", password)], 200, {"continuation_token": t[3], "poll_interval": 2}, flow_id, kind),
                e("/resetpassword/v1.0/poll_completion", [("client_id", CLIENT_ID), ("continuation_token", t[3])], 200, {"status": "succeeded", "continuation_token": t[4]}, flow_id, kind),
            ]
        method = self.guid()
        return [
            e("/oauth2/v2.0/token", [("client_id", CLIENT_ID), ("continuation_token", t[0]), ("grant_type", "password"), ("password", password), ("scope", "openid"), ("client_info", "true")], 400,
              {"error": "invalid_grant", "suberror": "mfa_required", "error_description": "AADSTS50076: multi-factor authentication required.", "error_codes": [50076], "continuation_token": t[1]}, flow_id, kind),
            e("/oauth2/v2.0/introspect", [("client_id", CLIENT_ID), ("continuation_token", t[1])], 200,
              {"continuation_token": t[2], "methods": [{"id": method, "challenge_type": "oob", "challenge_channel": "sms", "login_hint": "+1425555****"}, {"id": self.guid(), "challenge_type": "oob", "challenge_channel": "email", "login_hint": email}]}, flow_id, kind),
            e("/oauth2/v2.0/challenge", [("client_id", CLIENT_ID), ("continuation_token", t[2]), ("challenge_type", "oob redirect"), ("id", method)], 200,
              {"continuation_token": t[3], "challenge_type": "oob", "binding_method": "prompt", "challenge_channel": "sms", "challenge_target_label": self.phone(), "code_length": 6}, flow_id, kind),
            e("/oauth2/v2.0/token", [("client_id", CLIENT_ID), ("continuation_token", t[3]), ("grant_type", "mfa_oob"), ("oob", code[:6]), ("scope", "openid"), ("client_info", "true")], 200, self.tokens(email), flow_id, kind, gzip_response=gz),
        ]


def chrome_entry(entry, index):
    """An entry as Chrome DevTools exports HTTP/2 traffic."""
    entry = dict(entry)
    entry.pop("_authtape", None)
    request, response = dict(entry["request"]), dict(entry["response"])
    url = request["url"]
    after_scheme = url.split("://", 1)[1]
    slash = after_scheme.find("/")
    pseudo = [{"name": ":authority", "value": after_scheme[:slash]}, {"name": ":method", "value": request["method"]},
              {"name": ":path", "value": after_scheme[slash:]}, {"name": ":scheme", "value": "https"}]
    request["headers"] = pseudo + [{"name": h["name"].lower(), "value": h["value"]} for h in request["headers"] if h["name"] != "Host"]
    response["headers"] = [{"name": h["name"].lower(), "value": h["value"]} for h in response["headers"]]
    request["httpVersion"] = response["httpVersion"] = "http/2.0"
    response["_transferSize"] = response["bodySize"] + 310
    response["_error"] = None
    entry["request"], entry["response"] = request, response
    entry["_initiator"] = {"type": "script", "stack": {"callFrames": [
        {"functionName": "postForm", "scriptId": "12", "url": "https://app.contoso.example/static/js/main.4f2a.js",
         "lineNumber": 1, "columnNumber": 40000 + index % 1000}]}}
    entry["_priority"] = "High"
    entry["_resourceType"] = "fetch"
    entry["pageref"] = "page_1"
    return entry


LAYOUTS = {
    # name: (indent, sort keys, header text before the entries, text after them)
    "authtape": (2, False,
                 '{\n  "log": {\n    "version": "1.2",\n    "creator": {\n      "name": "authtape",\n'
                 '      "version": "0.1.0"\n    },\n    "entries": [',
                 '\n    ],\n    "_authtape": {\n      "schemaVersion": 1,\n      "toolVersion": "0.1.0",\n'
                 '      "upstream": "https://contoso.ciamlogin.com",\n      "mode": "reverse-proxy"\n    }\n  }\n}\n'),
    "compact": (None, False, '{"log":{"version":"1.2","creator":{"name":"har-export","version":"1.0"},"entries":[', ']}}'),
    "dense": (None, False, '{"log":{"version":"1.2","creator":{"name":"har-export","version":"1.0"},"entries":[', ']}}'),
    "chrome": (2, True,
               '{\n  "log": {\n    "version": "1.2",\n    "creator": {\n      "name": "WebInspector",\n'
               '      "version": "537.36"\n    },\n    "pages": [\n      {\n        "startedDateTime": "2026-11-22T10:00:00.000Z",\n'
               '        "id": "page_1",\n        "title": "https://app.contoso.example/signin",\n        "pageTimings": {\n'
               '          "onContentLoad": 412.5,\n          "onLoad": 530.1\n        }\n      }\n    ],\n    "entries": [',
               '\n    ]\n  }\n}\n'),
    "mitmproxy": (4, False,
                  '{\n    "log": {\n        "version": "1.2",\n        "creator": {\n            "name": "mitmproxy",\n'
                  '            "version": "11.0.2",\n            "comment": ""\n        },\n        "pages": [],\n        "entries": [',
                  '\n        ]\n    }\n}\n'),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output")
    parser.add_argument("--megabytes", type=float, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--layout", choices=sorted(LAYOUTS), default="authtape")
    args = parser.parse_args()
    generator = Generator(args.seed, dense=args.layout == "dense")
    target = int(args.megabytes * 1_000_000)
    indent, sort_keys, head, tail = LAYOUTS[args.layout]
    # Entries sit three levels deep (document, log, entries).
    prefix = "\n" + " " * (3 * indent) if indent else ""
    with open(args.output, "w", encoding="utf-8") as out:
        out.write(head)
        written = 0
        index = 0
        while written < target:
            for entry in generator.flow_entries():
                if args.layout == "chrome":
                    entry = chrome_entry(entry, index)
                elif args.layout != "authtape":
                    entry.pop("_authtape", None)
                index += 1
                if indent:
                    text = json.dumps(entry, indent=indent, ensure_ascii=False, sort_keys=sort_keys).replace("\n", prefix)
                else:
                    text = json.dumps(entry, separators=(",", ":"))
                chunk = ("" if written == 0 else ",") + prefix + text
                out.write(chunk)
                written += len(chunk)
        out.write(tail)
    return 0


if __name__ == "__main__":
    sys.exit(main())
