#!/usr/bin/env python3
"""The redaction benchmark's baseline: authtape's built-in native-auth rules in plain Python
with the `re` module, written the way a careful script would be (json.load, walk, json.dump).

    redact_baseline.py INPUT OUTPUT

It applies the same rules as `authtape redact` with no rule file (docs/redaction.md): named
form fields, query parameters, JSON keys and paths, headers and cookies, then JWT, e-mail and
phone patterns in every other string; form, JSON, base64 and gzip bodies decoded and encoded
back; placeholders `REDACTED-<kind>-<n>` numbered per kind in order of first appearance;
`_authtape.redactions` counted per entry; headers carrying URLs (`:path`, `referer`,
`location`, `origin`, `content-location`, `link`) get the URL rules. It writes 2-space JSON
whatever the input's layout; tools/bench/redact_compare.py checks that its output and
authtape's (which keeps the input's layout) hold the same values.
"""

import base64
import binascii
import json
import re
import sys
import urllib.parse
import zlib

SECRET_FIELDS = [
    ("password", "password"), ("new_password", "password"), ("oob", "code"),
    ("continuation_token", "continuation_token"), ("refresh_token", "refresh_token"),
    ("access_token", "access_token"), ("id_token", "id_token"), ("client_info", "client_info"),
    ("username", "username"), ("challenge_target", "challenge_target"),
    ("challenge_target_label", "challenge_target_label"), ("login_hint", "login_hint"),
    ("code", "code"), ("client_secret", "client_secret"),
]
KEPT_FIELDS = [
    "client_id", "grant_type", "challenge_type", "scope", "error", "suberror", "error_codes",
    "code_length", "interval", "status", "poll_interval", "correlation_id", "trace_id",
    "timestamp", "token_type", "expires_in", "ext_expires_in", "binding_method",
    "challenge_channel", "capabilities", "required_attributes", "unverified_attributes",
    "invalid_attributes",
]
KEPT_HEADERS = ["client-request-id", "x-ms-request-id", "x-ms-correlation-id", "x-ms-clitelem",
                "content-type", "content-length", "content-encoding", "date"]

REDACT, KEEP, INSIDE = "redact", "keep", "inside"
# Headers whose value is a URL or part of one: the URL rules apply (HTTP/2's :path too).
URL_HEADERS = {":path", "referer", "location", "origin", "content-location", "link"}


def build_tables():
    form, query, json_keys = {}, {}, {}
    for field, kind in SECRET_FIELDS:
        json_keys.setdefault(field, (REDACT, kind))
        if field == "client_info":
            continue
        form.setdefault(field, (REDACT, kind))
        query.setdefault(field, (REDACT, kind))
    form.setdefault("id", (REDACT, "method_id"))
    for table in (form, query, json_keys):
        table.setdefault("attributes", (INSIDE, "attribute"))
    for field in KEPT_FIELDS:
        for table in (form, query, json_keys):
            table.setdefault(field, (KEEP, "kept"))
    headers = {"authorization": (REDACT, "authorization"), "proxy-authorization": (REDACT, "authorization")}
    for header in KEPT_HEADERS:
        headers.setdefault(header, (KEEP, "kept"))
    return form, query, json_keys, headers


FORM, QUERY, JSON_KEYS, HEADERS = build_tables()
JSON_PATHS = [(["methods", "[]", "id"], (REDACT, "method_id"))]
COOKIE_RULE = (REDACT, "cookie")
PATTERNS = [
    (re.compile(r"eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*"), "jwt"),
    (re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"), "email"),
    (re.compile(r"\+[1-9](?:[ ()-]?[0-9]){7,14}"), "phone"),
]
PLACEHOLDER = re.compile(r"REDACTED-[a-z0-9_]+-[0-9]+")
UNRESERVED = "-._~"


def is_placeholder(value):
    return PLACEHOLDER.fullmatch(value) is not None


class Table:
    """Secret -> placeholder, stable within one capture, numbered per kind."""

    def __init__(self):
        self.by_secret, self.counters, self.issued = {}, {}, set()

    def placeholder(self, secret, kind):
        existing = self.by_secret.get(secret)
        if existing is not None:
            return existing
        if is_placeholder(secret):
            self.by_secret[secret] = secret
            return secret
        kind = re.sub(r"[^a-z0-9_]", "_", kind.lower()) or "secret"
        n = self.counters.get(kind, 0) + 1
        candidate = f"REDACTED-{kind}-{n}"
        while candidate in self.issued:
            n += 1
            candidate = f"REDACTED-{kind}-{n}"
        self.counters[kind] = n
        self.by_secret[secret] = candidate
        self.issued.add(candidate)
        return candidate


class Entry:
    """One entry's pass; counts what it replaced."""

    def __init__(self, table):
        self.table, self.counts = table, {}

    def replace(self, value, kind):
        if value == "" or is_placeholder(value):
            return value
        self.counts[kind] = self.counts.get(kind, 0) + 1
        return self.table.placeholder(value, kind)

    def patterns(self, value):
        if value == "":
            return None
        current, changed = value, False
        for pattern, kind in PATTERNS:
            replaced, matches = pattern.subn(lambda m, kind=kind: self.replace(m.group(0), kind), current)
            if matches:
                current, changed = replaced, True
        return current if changed else None

    def apply(self, rule, value):
        if rule is None:
            return self.patterns(value)
        action, kind = rule
        if action == KEEP:
            return None
        if action == REDACT:
            replaced = self.replace(value, kind)
            return None if replaced == value else replaced
        return self.embedded_json(value, kind)

    def embedded_json(self, value, kind):
        try:
            parsed = json.loads(value)
        except ValueError:
            parsed = None
        if not isinstance(parsed, (dict, list)):
            replaced = self.replace(value, kind)
            return None if replaced == value else replaced
        redacted = self.scalars(parsed, kind)
        return None if redacted == parsed else compact(redacted)

    def scalars(self, value, kind):
        if value is None:
            return None
        if isinstance(value, bool):
            return self.replace("true" if value else "false", kind)
        if isinstance(value, (int, float)):
            return self.replace(json.dumps(value), kind)
        if isinstance(value, str):
            return self.replace(value, kind)
        if isinstance(value, list):
            return [self.scalars(v, kind) for v in value]
        return {k: self.scalars(v, kind) for k, v in value.items()}

    def json_value(self, value, path, key):
        rule = next((r for p, r in JSON_PATHS if p == path), None)
        if rule is None and key is not None:
            rule = JSON_KEYS.get(key.lower())
        if rule is not None:
            action, kind = rule
            if action == KEEP:
                return value
            if action == INSIDE:
                if isinstance(value, str):
                    redacted = self.embedded_json(value, kind)
                    return value if redacted is None else redacted
                return self.scalars(value, kind)
            if isinstance(value, (dict, list)):
                return self.scalars(value, kind)
            if value is None:
                return None
            if isinstance(value, bool):
                text = "true" if value else "false"
            elif isinstance(value, (int, float)):
                text = json.dumps(value)
            else:
                text = value
            return self.replace(text, kind)
        if isinstance(value, str):
            redacted = self.patterns(value)
            return value if redacted is None else redacted
        if isinstance(value, list):
            return [self.json_value(v, path + ["[]"], None) for v in value]
        if isinstance(value, dict):
            return {k: self.json_value(v, path + [k.lower()], k) for k, v in value.items()}
        return value

    def json_text(self, text):
        try:
            parsed = json.loads(text)
        except ValueError:
            return None, False
        redacted = self.json_value(parsed, [], None)
        return (None if redacted == parsed else compact(redacted)), True

    def form(self, text, table):
        parts, changed = [], False
        for raw in text.split("&"):
            name, eq, value = raw.partition("=")
            name = urllib.parse.unquote_plus(name, errors="replace")
            value = urllib.parse.unquote_plus(value, errors="replace") if eq else ""
            replaced = self.apply(table.get(name.lower()), value)
            if replaced is None:
                parts.append(raw)
            else:
                changed = True
                parts.append(urllib.parse.quote_plus(name, safe=UNRESERVED) + "=" + urllib.parse.quote_plus(replaced, safe=UNRESERVED))
        return "&".join(parts) if changed else None

    def url(self, url):
        base, hash_, fragment = url.partition("#")
        changed = False
        if "?" in base:
            prefix, _, query = base.partition("?")
            prefix += "?"
            patterned = self.patterns(prefix)
            if patterned is not None:
                prefix, changed = patterned, True
            redacted = self.form(query, QUERY)
            if redacted is not None:
                changed = True
            result = prefix + (query if redacted is None else redacted)
        else:
            patterned = self.patterns(base)
            result = base if patterned is None else patterned
            changed = patterned is not None
        if hash_:
            redacted = self.patterns(fragment)
            changed = changed or redacted is not None
            result += "#" + (fragment if redacted is None else redacted)
        return result if changed else None

    def header(self, name, value):
        lowered = name.lower()
        rule = HEADERS.get(lowered)
        if rule is not None:
            if rule[0] == KEEP:
                return None
            scheme, space, credential = value.partition(" ")
            if space and scheme.lower() in ("bearer", "basic", "negotiate", "pop"):
                return scheme + " " + self.replace(credential, rule[1])
            return self.apply(rule, value)
        if lowered == "cookie":
            parts, changed = [], False
            for part in value.split(";"):
                cookie_name, eq, cookie_value = part.partition("=")
                replaced = self.apply(COOKIE_RULE, cookie_value) if eq else None
                if replaced is None:
                    parts.append(part)
                else:
                    changed = True
                    parts.append(cookie_name + "=" + replaced)
            return ";".join(parts) if changed else None
        if lowered in URL_HEADERS:
            if lowered != "link":
                return self.url(value)
            # <url>; rel=next: each URL between < and > as a URL, the rest by the patterns.
            result, changed, rest = "", False, value
            while "<" in rest and ">" in rest.partition("<")[2]:
                before, _, after = rest.partition("<")
                url, _, rest = after.partition(">")
                patterned, redacted = self.patterns(before), self.url(url)
                changed = changed or patterned is not None or redacted is not None
                result += (before if patterned is None else patterned) + "<" + (url if redacted is None else redacted) + ">"
            tail = self.patterns(rest)
            changed = changed or tail is not None
            return result + (rest if tail is None else tail) if changed else None
        if lowered == "set-cookie":
            pair, semicolon, rest = value.partition(";")
            cookie_name, eq, cookie_value = pair.partition("=")
            if not eq:
                return self.patterns(value)
            replaced = self.apply(COOKIE_RULE, cookie_value)
            return None if replaced is None else cookie_name + "=" + replaced + semicolon + rest
        return self.patterns(value)

    def body(self, text, encoding, mime_type, content_encoding):
        is_base64 = (encoding or "").lower() == "base64"
        if is_base64:
            try:
                data = base64.b64decode("".join(text.split()), validate=True)
            except (binascii.Error, ValueError):
                return None
        else:
            data = text.encode()
        coding = None
        named = (content_encoding or "").strip().lower()
        named = {"gzip": "gzip", "x-gzip": "gzip", "deflate": "deflate"}.get(named)
        if named and looks_encoded(named, data):
            inflated = inflate(named, data)
            if inflated is not None:
                coding, data = named, inflated
        elif is_base64 and looks_encoded("gzip", data):
            inflated = inflate("gzip", data)
            if inflated is not None:
                coding, data = "gzip", inflated
        try:
            body_text = data.decode()
        except UnicodeDecodeError:
            return None
        redacted = self.body_text(body_text, mime_type)
        if redacted is None:
            return None
        output = redacted.encode()
        if coding:
            compressor = zlib.compressobj(-1, zlib.DEFLATED, 31 if coding == "gzip" else 15, 8)
            output = compressor.compress(output) + compressor.flush()
        if is_base64 or coding:
            return base64.b64encode(output).decode()
        return redacted

    def body_text(self, text, mime_type):
        kind = mime_type.lower()
        if "x-www-form-urlencoded" in kind:
            return self.form(text, FORM)
        stripped = text.lstrip(" \n\r\t")
        if "json" in kind or stripped[:1] in ("{", "["):
            redacted, parsed = self.json_text(text)
            if redacted is not None:
                return redacted
            if parsed:
                return None
        return self.patterns(text)


def looks_encoded(coding, data):
    if len(data) < 2:
        return False
    if coding == "gzip":
        return data[0] == 0x1F and data[1] == 0x8B
    return (data[0] & 0x0F) == 8 and ((data[0] << 8) | data[1]) % 31 == 0


def inflate(coding, data):
    try:
        return zlib.decompress(data, 31 if coding == "gzip" else 15)
    except zlib.error:
        return None


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def content_encoding(headers):
    return next((h.get("value", "") for h in headers if h.get("name", "").lower() == "content-encoding"), None)


def redact_message(entry_pass, message, is_response):
    if not is_response:
        message["url"] = entry_pass.url(message["url"]) or message["url"]
    for header in message.get("headers", []):
        header["value"] = entry_pass.header(header["name"], header["value"]) or header["value"]
    for cookie in message.get("cookies", []):
        cookie["value"] = entry_pass.apply(COOKIE_RULE, cookie["value"]) or cookie["value"]
    for parameter in message.get("queryString", []):
        parameter["value"] = entry_pass.apply(QUERY.get(parameter["name"].lower()), parameter["value"]) or parameter["value"]
    body = message.get("content") if is_response else message.get("postData")
    if is_response:
        message["redirectURL"] = entry_pass.url(message.get("redirectURL", "")) or message.get("redirectURL", "")
    if body is not None and body.get("text") is not None:
        redacted = entry_pass.body(body["text"], body.get("encoding"), body.get("mimeType", ""), content_encoding(message.get("headers", [])))
        if redacted is not None:
            body["text"] = redacted


AUTHTAPE_ORDER = ["schemaVersion", "flowId", "flowKind", "step", "redactions", "expectedOutcome"]


def redact_entry(table, entry):
    entry_pass = Entry(table)
    redact_message(entry_pass, entry["request"], False)
    redact_message(entry_pass, entry["response"], True)
    if entry_pass.counts:
        fields = dict(entry.get("_authtape") or {"schemaVersion": 1})
        counts = dict(fields.get("redactions") or {})
        for kind, n in entry_pass.counts.items():
            counts[kind] = counts.get(kind, 0) + n
        fields["redactions"] = {kind: counts[kind] for kind in sorted(counts)}
        ordered = {k: fields[k] for k in AUTHTAPE_ORDER if k in fields}
        ordered.update((k, v) for k, v in fields.items() if k not in ordered)
        entry["_authtape"] = ordered
    return entry_pass.counts


def main():
    source, destination = sys.argv[1], sys.argv[2]
    with open(source, encoding="utf-8-sig") as f:
        document = json.load(f)
    table = Table()
    for entry in document["log"].get("entries", []):
        redact_entry(table, entry)
    with open(destination, "w", encoding="utf-8") as f:
        json.dump(document, f, indent=2, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
