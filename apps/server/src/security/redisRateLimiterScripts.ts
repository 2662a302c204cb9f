/*
 * The Lua scripts of the Redis rate limiter. Each runs atomically in Redis, so that checking and counting
 * cannot be split between processes. They keep what the memory limiter keeps, one hash per key:
 *   a fixed window:  { count, resetAt }              expiring when the window ends
 *   a slow-down:     { failures, lastFailureAt }     expiring forgetAfterMs after the latest failure
 * ARGV[1] is the time in milliseconds, or empty for Redis's own clock (one clock for every process; tests
 * pass theirs). Times are whole milliseconds, well inside a double's exact integers.
 */

const common = `
local function clock()
  if ARGV[1] ~= '' then return tonumber(ARGV[1]) end
  local time = redis.call('TIME')
  return tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end

-- The window under a key as (count, resetAt); a new, empty one when there is none or it has ended.
local function currentWindow(key, windowMs, now)
  local stored = redis.call('HMGET', key, 'count', 'resetAt')
  local resetAt = tonumber(stored[2])
  if resetAt == nil or resetAt <= now then return 0, now + windowMs end
  return tonumber(stored[1]), resetAt
end

local function saveWindow(key, count, resetAt, now)
  redis.call('HSET', key, 'count', count, 'resetAt', resetAt)
  redis.call('PEXPIRE', key, resetAt - now)
end

-- The failures under a key as (failures, lastFailureAt); (0, nil) once forgetAfterMs has passed.
local function currentSlowDown(key, forgetAfterMs, now)
  local stored = redis.call('HMGET', key, 'failures', 'lastFailureAt')
  local lastFailureAt = tonumber(stored[2])
  if lastFailureAt == nil or now - lastFailureAt >= forgetAfterMs then return 0, nil end
  return tonumber(stored[1]), lastFailureAt
end

-- slowDownDelayMs of rateLimiter.ts, which the shared tests hold both to.
local function slowDownDelayMs(freeFailures, firstDelayMs, maxDelayMs, failures)
  if failures < freeFailures then return 0 end
  local doublings = failures - freeFailures
  if doublings >= 31 then return maxDelayMs end
  return math.min(firstDelayMs * 2 ^ doublings, maxDelayMs)
end
`;

/**
 * Counts one attempt against every key. KEYS: window keys; ARGV: time, then max and windowMs per key.
 * Returns how long to wait in milliseconds: 0 when no key is over its limit.
 */
export const hitScript = `${common}
local now = clock()
local retryAfterMs = 0
for i, key in ipairs(KEYS) do
  local max, windowMs = tonumber(ARGV[2 * i]), tonumber(ARGV[2 * i + 1])
  local count, resetAt = currentWindow(key, windowMs, now)
  count = count + 1
  saveWindow(key, count, resetAt, now)
  if count > max then retryAfterMs = math.max(retryAfterMs, resetAt - now) end
end
return retryAfterMs
`;

const ARGS_PER_RULE = 5;

/**
 * Starts an attempt that counts as a failure until taken back. KEYS: one per rule; ARGV: time, then per
 * rule either `limit, max, windowMs, 0, 0` or `slowDown, freeFailures, firstDelayMs, maxDelayMs,
 * forgetAfterMs`. Returns the wait in milliseconds without counting anything, or 0 after counting.
 */
export const beginAttemptScript = `${common}
local now = clock()
local function rule(i)
  local base = 1 + (i - 1) * ${ARGS_PER_RULE}
  return ARGV[base + 1], tonumber(ARGV[base + 2]), tonumber(ARGV[base + 3]), tonumber(ARGV[base + 4]), tonumber(ARGV[base + 5])
end

local retryAfterMs = 0
for i, key in ipairs(KEYS) do
  local kind, first, second, third, fourth = rule(i)
  if kind == 'limit' then
    local max, windowMs = first, second
    local count, resetAt = currentWindow(key, windowMs, now)
    if count >= max then retryAfterMs = math.max(retryAfterMs, resetAt - now) end
  else
    local freeFailures, firstDelayMs, maxDelayMs, forgetAfterMs = first, second, third, fourth
    local failures, lastFailureAt = currentSlowDown(key, forgetAfterMs, now)
    if lastFailureAt ~= nil then
      local allowedAt = lastFailureAt + slowDownDelayMs(freeFailures, firstDelayMs, maxDelayMs, failures)
      retryAfterMs = math.max(retryAfterMs, allowedAt - now)
    end
  end
end
if retryAfterMs > 0 then return retryAfterMs end

for i, key in ipairs(KEYS) do
  local kind, first, second, third, fourth = rule(i)
  if kind == 'limit' then
    local count, resetAt = currentWindow(key, second, now)
    saveWindow(key, count + 1, resetAt, now)
  else
    local forgetAfterMs = fourth
    local failures = currentSlowDown(key, forgetAfterMs, now)
    redis.call('HSET', key, 'failures', failures + 1, 'lastFailureAt', now)
    redis.call('PEXPIRE', key, forgetAfterMs)
  end
end
return 0
`;

/**
 * Takes back a counted attempt. KEYS: one per rule; ARGV: `limit` or `slowDown` per key (no time).
 * A window's count goes down by one (its expiry stays); a slow-down is forgotten.
 */
export const attemptSucceededScript = `
for i, key in ipairs(KEYS) do
  if ARGV[i] == 'limit' then
    local count = tonumber(redis.call('HGET', key, 'count'))
    if count ~= nil and count > 0 then redis.call('HINCRBY', key, 'count', -1) end
  else
    redis.call('DEL', key)
  end
end
return 0
`;
