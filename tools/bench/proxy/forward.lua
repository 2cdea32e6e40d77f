-- The request of initiate.lua in absolute form, for `authtape record --forward`: 127.0.0.1 is
-- outside the capture filter, so the proxy forwards it without recording (the pure proxy path).
-- UPSTREAM (environment) is the upstream's "host:port".
local upstream = os.getenv("UPSTREAM") or "127.0.0.1:18790"
wrk.method = "POST"
wrk.path = "http://" .. upstream .. "/contoso.onmicrosoft.com/oauth2/v2.0/initiate"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.body = "client_id=11111111-2222-4333-8444-555555555555&username=alex%40contoso.com"
    .. "&challenge_type=password+redirect"
