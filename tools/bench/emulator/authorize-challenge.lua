-- POST /oauth2/v2.0/authorize-challenge (native auth V2 start, O1): answered 401 with a continuation
-- token and the entry links, so wrk lists every answer under "Non-2xx or 3xx responses"; that is expected.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.body = "client_id=11111111-2222-4333-8444-555555555555&scope=openid+offline_access"
