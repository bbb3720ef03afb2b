-- ListServer — scripts
--
-- wrk: a window at a random offset on every request. Arguments: the path, the largest top.
-- The requests are formatted once in init() and replayed in turn, so the client spends no more per
-- request than with a fixed URL; each wrk thread seeds its own sequence.
local counter = 0
function setup(thread)
    counter = counter + 1
    thread:set("id", counter)
end
function init(args)
    local path, maximum = args[1], tonumber(args[2])
    math.randomseed(id * 7919 + os.time())
    requests = {}
    for i = 1, 20000 do
        local top = math.random(0, maximum)
        requests[i] = wrk.format("GET", path .. "?top=" .. top .. "&height=800&overscan=200&expanded=all")
    end
    position = 0
end
function request()
    position = position % #requests + 1
    return requests[position]
end
-- One line of latency percentiles in microseconds, for scripts that read them (p99.9 is not in --latency).
function done(summary, latency, requests)
    io.write(string.format("latency_us p50 %d p99 %d p999 %d\n",
        latency:percentile(50), latency:percentile(99), latency:percentile(99.9)))
end
