-- POST /oauth2/v2.0/initiate for the emulator's seeded password user (answers a continuation token,
-- so the recorder's redaction has work on every exchange).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.body = "client_id=11111111-2222-4333-8444-555555555555&username=alex%40contoso.com"
    .. "&challenge_type=password+redirect"
