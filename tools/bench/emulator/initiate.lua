-- POST /oauth2/v2.0/initiate for the seeded password user.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.body = "client_id=11111111-2222-4333-8444-555555555555&username=alex%40contoso.com"
    .. "&challenge_type=password+redirect"
