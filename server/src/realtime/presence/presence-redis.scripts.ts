/**
 * Keys, all under `presence:<schema>:` (deployments sharing a Redis keep apart, as the adapter's channels do):
 *
 *   v                        the version counter (INCR, never below the clock in µs, so a lost counter cannot go back)
 *   trip:<tenant>:<trip>     hash: `<replica>/<socket>` -> JSON announcement; `#v` -> the trip's version
 *   trips:<tenant>           set: trip ids with a hash (for snapshots)
 *   user:<scope>:<user>      set: `<replica>/<socket>`, the user's connections (scope: tenant id or `platform`)
 *   online:<scope>           set: the ids of the scope's users with at least one connection
 *   scopes                   set: tenants (and `platform`) that ever had presence here (platform admins' snapshots)
 *   replica:<id>             "alive", with a short expiry each replica's heartbeat renews
 *   replica:<id>:keys        set: the keys (`t|<tenant>|<trip>`, `u|<scope>|<user>`) that replica has members in
 *   replicas                 set: replica ids that may have fields
 *   rate:<user>              hash: the user's presence token bucket (presence-user-rate.service.ts), expiring once full
 *   conns:<user>             sorted set: `<replica>/<socket>` -> expiry ms, the user's live connections
 *                            (connection-cap.service.ts; a member counts only while `replica:<replica>` exists)
 *
 * Every change is one Lua script, so replicas never interleave halfway. The scripts build key names from the
 * prefix (a replica's index names the hashes to sweep), which a single Redis allows; Redis Cluster would not.
 */
const LIB = `
local P = ARGV[1]
local function bump()
  local t = redis.call('TIME')
  local floor = tonumber(t[1]) * 1000000 + tonumber(t[2])
  local v = redis.call('INCR', P .. 'v')
  if v < floor then
    v = floor
    redis.call('SET', P .. 'v', string.format('%.0f', v))
  end
  return string.format('%.0f', v)
end
local function current()
  return redis.call('GET', P .. 'v') or '0'
end
local function key_of(m)
  local t, id = string.match(m, '^t|([^|]+)|([^|]+)$')
  if t then return P .. 'trip:' .. t .. ':' .. id, 't', t, id end
  local s, u = string.match(m, '^u|([^|]+)|([^|]+)$')
  return P .. 'user:' .. s .. ':' .. u, 'u', s, u
end
-- a trip: {'t', tenant, trip, version, field, json, ...}
local function record(m)
  local key, kind, a, b = key_of(m)
  local h = redis.call('HGETALL', key)
  local out = {kind, a, b}
  local v = current()
  local rest = {}
  for i = 1, #h, 2 do
    if h[i] == '#v' then v = h[i + 1] else table.insert(rest, h[i]); table.insert(rest, h[i + 1]) end
  end
  table.insert(out, v)
  for _, x in ipairs(rest) do table.insert(out, x) end
  return out
end
-- after a change that took version v. A trip: drop it when nobody is on it (and its index entry), else stamp
-- it; its record. A user: in or out of the scope's online set; {'u', scope, user, '1' | '0', version}.
local function finish(m, v)
  local key, kind, a, b = key_of(m)
  if kind == 'u' then
    if redis.call('SCARD', key) == 0 then
      redis.call('DEL', key)
      redis.call('SREM', P .. 'online:' .. a, b)
      return {'u', a, b, '0', v}
    end
    redis.call('SADD', P .. 'online:' .. a, b)
    return {'u', a, b, '1', v}
  end
  local n = redis.call('HLEN', key) - redis.call('HEXISTS', key, '#v')
  if n <= 0 then
    redis.call('DEL', key)
    redis.call('SREM', P .. 'trips:' .. a, b)
    return {'t', a, b, v}
  end
  redis.call('HSET', key, '#v', v)
  return record(m)
end
-- removes a replica's members (fields of a trip, connections of a user); true when there were some
local function strip(m, rid)
  local key, kind = key_of(m)
  local prefix = rid .. '/'
  local removed = false
  local members = kind == 't' and redis.call('HKEYS', key) or redis.call('SMEMBERS', key)
  for _, f in ipairs(members) do
    if string.sub(f, 1, #prefix) == prefix then
      if kind == 't' then redis.call('HDEL', key, f) else redis.call('SREM', key, f) end
      removed = true
    end
  end
  return removed
end
`;

/** ARGV: P, tenant, trip, field, json, replica */
const PUT = `${LIB}
local m = 't|' .. ARGV[2] .. '|' .. ARGV[3]
local key = key_of(m)
redis.call('HSET', key, ARGV[4], ARGV[5])
redis.call('SADD', P .. 'trips:' .. ARGV[2], ARGV[3])
redis.call('SADD', P .. 'scopes', ARGV[2])
redis.call('SADD', P .. 'replica:' .. ARGV[6] .. ':keys', m)
redis.call('SADD', P .. 'replicas', ARGV[6])
return finish(m, bump())
`;

/** ARGV: P, tenant, trip, field, replica, lastOfReplica (1/0) */
const REMOVE = `${LIB}
local m = 't|' .. ARGV[2] .. '|' .. ARGV[3]
if redis.call('HDEL', key_of(m), ARGV[4]) == 0 then return false end
if ARGV[6] == '1' then redis.call('SREM', P .. 'replica:' .. ARGV[5] .. ':keys', m) end
return finish(m, bump())
`;

/** ARGV: P, scope, field, user, replica -> the change when this is the user's first connection */
const CONNECT = `${LIB}
local m = 'u|' .. ARGV[2] .. '|' .. ARGV[4]
local key = key_of(m)
redis.call('SADD', key, ARGV[3])
redis.call('SADD', P .. 'scopes', ARGV[2])
redis.call('SADD', P .. 'replica:' .. ARGV[5] .. ':keys', m)
redis.call('SADD', P .. 'replicas', ARGV[5])
if redis.call('SCARD', key) > 1 then return false end
return finish(m, bump())
`;

/** ARGV: P, scope, field, user, replica, lastOfReplica (1/0) -> the change when this was the user's last connection */
const DISCONNECT = `${LIB}
local m = 'u|' .. ARGV[2] .. '|' .. ARGV[4]
local key = key_of(m)
if redis.call('SREM', key, ARGV[3]) == 0 then return false end
if ARGV[6] == '1' then redis.call('SREM', P .. 'replica:' .. ARGV[5] .. ':keys', m) end
if redis.call('SCARD', key) > 0 then return false end
return finish(m, bump())
`;

/** ARGV: P, '*' | tenant... -> {version, record...} */
const SNAPSHOT = `${LIB}
local tenants = {}
if ARGV[2] == '*' then tenants = redis.call('SMEMBERS', P .. 'scopes') else for i = 2, #ARGV do table.insert(tenants, ARGV[i]) end end
local out = {current()}
for _, t in ipairs(tenants) do
  if t ~= 'platform' then
    for _, id in ipairs(redis.call('SMEMBERS', P .. 'trips:' .. t)) do
      local r = record('t|' .. t .. '|' .. id)
      if #r > 4 then table.insert(out, r) else redis.call('SREM', P .. 'trips:' .. t, id) end
    end
  end
end
return out
`;

/** ARGV: P, '*' | scope... -> {{'o', scope, version, user...}...} */
const ONLINE = `${LIB}
local scopes = {}
if ARGV[2] == '*' then scopes = redis.call('SMEMBERS', P .. 'scopes') else for i = 2, #ARGV do table.insert(scopes, ARGV[i]) end end
local v = current()
local out = {}
for _, s in ipairs(scopes) do
  local r = {'o', s, v}
  for _, u in ipairs(redis.call('SMEMBERS', P .. 'online:' .. s)) do table.insert(r, u) end
  table.insert(out, r)
end
return out
`;

/** ARGV: P, replica, ttl ms -> 1 when the replica was alive */
const BEAT = `${LIB}
local alive = P .. 'replica:' .. ARGV[2]
local existed = redis.call('EXISTS', alive)
redis.call('SET', alive, '1', 'PX', ARGV[3])
redis.call('SADD', P .. 'replicas', ARGV[2])
return existed
`;

/** ARGV: P, own replica -> the trips and users a dead replica had members in, after removing them */
const SWEEP = `${LIB}
local out = {}
local v = nil
for _, rid in ipairs(redis.call('SMEMBERS', P .. 'replicas')) do
  if rid ~= ARGV[2] and redis.call('EXISTS', P .. 'replica:' .. rid) == 0 then
    local idx = P .. 'replica:' .. rid .. ':keys'
    for _, m in ipairs(redis.call('SMEMBERS', idx)) do
      if strip(m, rid) then
        v = v or bump()
        table.insert(out, finish(m, v))
      end
    end
    redis.call('DEL', idx)
    redis.call('SREM', P .. 'replicas', rid)
  end
end
return out
`;

/**
 * ARGV: P, replica, ttl ms (0: leaving), trip count, then per trip entry (tenant, trip, field, json), then per
 * connection (scope, field, user) -> every trip and user the replica had or now has members in.
 */
const REPLACE = `${LIB}
local rid = ARGV[2]
local idx = P .. 'replica:' .. rid .. ':keys'
local seen, order = {}, {}
local function touch(m)
  if not seen[m] then seen[m] = true; table.insert(order, m) end
end
for _, m in ipairs(redis.call('SMEMBERS', idx)) do
  strip(m, rid)
  touch(m)
end
redis.call('DEL', idx)
local i = 5
for _ = 1, tonumber(ARGV[4]) do
  local t, id, f, j = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
  i = i + 4
  local m = 't|' .. t .. '|' .. id
  redis.call('HSET', key_of(m), f, j)
  redis.call('SADD', P .. 'trips:' .. t, id)
  redis.call('SADD', P .. 'scopes', t)
  redis.call('SADD', idx, m)
  touch(m)
end
while i <= #ARGV do
  local s, f, u = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  i = i + 3
  local m = 'u|' .. s .. '|' .. u
  redis.call('SADD', key_of(m), f)
  redis.call('SADD', P .. 'scopes', s)
  redis.call('SADD', idx, m)
  touch(m)
end
if ARGV[3] == '0' then
  redis.call('DEL', P .. 'replica:' .. rid)
  redis.call('SREM', P .. 'replicas', rid)
else
  redis.call('SET', P .. 'replica:' .. rid, '1', 'PX', ARGV[3])
  redis.call('SADD', P .. 'replicas', rid)
end
local out = {}
if #order > 0 then
  local v = bump()
  for _, m in ipairs(order) do table.insert(out, finish(m, v)) end
end
-- the deployment's last replica left: nothing stays behind (versions never fall below the clock, so a new counter
-- cannot go back)
if ARGV[3] == '0' and redis.call('SCARD', P .. 'replicas') == 0 then redis.call('DEL', P .. 'v', P .. 'scopes') end
return out
`;

/** One Lua script per change or read of the Redis presence store (each runs atomically). */
export const PresenceScripts = {
  put: PUT,
  remove: REMOVE,
  connect: CONNECT,
  disconnect: DISCONNECT,
  snapshot: SNAPSHOT,
  online: ONLINE,
  beat: BEAT,
  sweep: SWEEP,
  replace: REPLACE,
} as const;
