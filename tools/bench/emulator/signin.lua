-- Full password sign-ins: each response feeds the next step (initiate → challenge → token).
-- Tokens wait in per-thread queues, so any number of connections works.
local client = "client_id=11111111-2222-4333-8444-555555555555"
local challenges, grants = {}, {}
completed, failed = 0, 0  -- globals: done() reads them with thread:get
local threads = {}

function setup(thread) table.insert(threads, thread) end

local function post(path, body)
    return wrk.format("POST", wrk.path .. path, { ["Content-Type"] = "application/x-www-form-urlencoded" }, body)
end

function request()
    local grant = table.remove(grants)
    if grant then
        return post("/oauth2/v2.0/token", client .. "&grant_type=password&password=Sunny-Day-42%21"
            .. "&scope=openid+profile+offline_access&client_info=true&continuation_token=" .. grant)
    end
    local challenge = table.remove(challenges)
    if challenge then
        return post("/oauth2/v2.0/challenge", client .. "&challenge_type=password+redirect&continuation_token=" .. challenge)
    end
    return post("/oauth2/v2.0/initiate", client .. "&username=alex%40contoso.com&challenge_type=password+redirect")
end

function response(status, headers, body)
    if status ~= 200 then failed = failed + 1 return end
    if body:find('"access_token"', 1, true) then completed = completed + 1 return end
    local token = body:match('"continuation_token":"([^"]+)"')
    if not token then failed = failed + 1 return end
    if body:find('"challenge_type":"password"', 1, true) then table.insert(grants, token)
    else table.insert(challenges, token) end
end

function done(summary, latency, requests)
    local total, bad = 0, 0
    for _, t in ipairs(threads) do total = total + t:get("completed"); bad = bad + t:get("failed") end
    local seconds = summary.duration / 1e6
    io.write(string.format("completed sign-ins: %d (%.0f/s), unexpected answers: %d\n", total, total / seconds, bad))
end
