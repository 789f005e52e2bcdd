package io.feedline.adapter.redis;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A Lua script run server-side, so that a read with its existence check, or a rebuild with its
 * delete, is one round trip and atomic. Called by digest; the body goes along only when the server
 * has lost its script cache (a restart), which costs one extra round trip once.
 */
record TimelineScript(String name, String body, String sha) {

    TimelineScript(String name, String body) {
        this(name, body, sha1(body));
    }

    /**
     * The newest entries at or below a score, in one call: {@code {0}} when the window does not
     * exist, else {@code {1, member...}}. Entries of the boundary millisecond are all returned on top
     * of the limit, so that the caller can drop those not strictly older than the boundary id:
     * scores alone cannot split one millisecond, and a byte comparison in Lua would depend on the
     * server's locale. ARGV: max score (or +inf), limit.
     */
    static final TimelineScript RANGE = new TimelineScript("range", """
            if redis.call('EXISTS', KEYS[1]) == 0 then return {0} end
            local n = tonumber(ARGV[2])
            if ARGV[1] ~= '+inf' then n = n + redis.call('ZCOUNT', KEYS[1], ARGV[1], ARGV[1]) end
            local found = redis.call('ZRANGE', KEYS[1], ARGV[1], '-inf', 'BYSCORE', 'REV', 'LIMIT', 0, n)
            table.insert(found, 1, 1)
            return found
            """);

    /** Removes the members of one post, whatever their author. ARGV: the post's score, member prefix. */
    static final TimelineScript REMOVE_POST = new TimelineScript("remove-post", """
            local removed = 0
            for _, m in ipairs(redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[1], 'BYSCORE')) do
              if string.sub(m, 1, #ARGV[2]) == ARGV[2] then
                removed = removed + redis.call('ZREM', KEYS[1], m)
              end
            end
            return removed
            """);

    /** Removes the members of one author; the window is capped, so the walk is bounded. ARGV: member suffix. */
    static final TimelineScript REMOVE_AUTHOR = new TimelineScript("remove-author", """
            local removed = 0
            for _, m in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
              if string.sub(m, -#ARGV[1]) == ARGV[1] then
                removed = removed + redis.call('ZREM', KEYS[1], m)
              end
            end
            return removed
            """);

    /**
     * Replaces the window in one atomic step: no reader sees it deleted, half filled or over the cap.
     * ZADD goes in chunks to stay under Lua's unpack limit. ARGV: cap, then score and member pairs.
     */
    static final TimelineScript REPLACE = new TimelineScript("replace", """
            redis.call('DEL', KEYS[1])
            local chunk = {}
            for i = 2, #ARGV, 2 do
              chunk[#chunk + 1] = ARGV[i]
              chunk[#chunk + 1] = ARGV[i + 1]
              if #chunk >= 1000 then
                redis.call('ZADD', KEYS[1], unpack(chunk))
                chunk = {}
              end
            end
            if #chunk > 0 then redis.call('ZADD', KEYS[1], unpack(chunk)) end
            redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(tonumber(ARGV[1]) + 1))
            return redis.call('ZCARD', KEYS[1])
            """);

    private static String sha1(String body) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest(body.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK always has SHA-1", e);
        }
    }
}
