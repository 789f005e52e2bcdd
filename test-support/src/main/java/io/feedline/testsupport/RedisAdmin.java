package io.feedline.testsupport;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.KeyScanArgs;
import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScanCursor;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Commands on a Redis that are not the code under test: looking at keys, cleaning up a prefix,
 * flushing or stopping a private server. Lettuce is the client; each call opens a connection of its
 * own and closes it, so nothing is shared with the connection under test and a server that went
 * away and came back needs no reconnect.
 */
public final class RedisAdmin implements AutoCloseable {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(10);
    private static final Pattern VERSION = Pattern.compile("^redis_version:(\\S+)", Pattern.MULTILINE);
    private static final Pattern CPU = Pattern.compile("^used_cpu_(?:sys|user):([0-9.]+)", Pattern.MULTILINE);

    private final String uri;
    private final RedisClient client;

    private RedisAdmin(String uri) {
        this.uri = uri;
        RedisURI parsed = RedisURI.create(uri);
        parsed.setTimeout(COMMAND_TIMEOUT);
        this.client = RedisClient.create(parsed);
        client.setOptions(ClientOptions.builder()
                .socketOptions(SocketOptions.builder().connectTimeout(CONNECT_TIMEOUT).build())
                .autoReconnect(false)
                .build());
    }

    /** An admin for the server at {@code uri}; it connects on each call, not now. Close it when done. */
    public static RedisAdmin connect(String uri) {
        return new RedisAdmin(uri);
    }

    public String uri() {
        return uri;
    }

    /** Runs {@code commands} on a connection of its own. */
    public <T> T run(Function<RedisCommands<String, String>, T> commands) {
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            return commands.apply(connection.sync());
        }
    }

    /** Whether the server answers PING now. */
    public boolean answersPing() {
        try {
            return "PONG".equals(run(RedisCommands::ping));
        } catch (RedisException e) {
            return false;
        }
    }

    /** Deletes every key matching the glob {@code pattern}, with SCAN and UNLINK (never KEYS); returns how many went. */
    public long deleteMatching(String pattern) {
        return run(redis -> {
            KeyScanArgs match = KeyScanArgs.Builder.matches(pattern).limit(1000);
            long removed = 0;
            ScanCursor cursor = ScanCursor.INITIAL;
            do {
                KeyScanCursor<String> page = redis.scan(cursor, match);
                if (!page.getKeys().isEmpty()) {
                    removed += redis.unlink(page.getKeys().toArray(String[]::new));
                }
                cursor = page;
            } while (!cursor.isFinished());
            return removed;
        });
    }

    public boolean exists(String key) {
        return run(redis -> redis.exists(key)) > 0;
    }

    /** Deletes the keys; returns how many existed. */
    public long delete(String... keys) {
        return run(redis -> redis.del(keys));
    }

    /** {@code redis_version} from {@code INFO server}. */
    public String serverVersion() {
        Matcher matcher = VERSION.matcher(run(redis -> redis.info("server")));
        return matcher.find() ? matcher.group(1) : "unknown";
    }

    /**
     * The CPU time the server's process has used since it started, system and user ({@code INFO
     * cpu}, to the microsecond): what a run of commands cost the engine itself, read before and after.
     */
    public Duration cpuTime() {
        Matcher matcher = CPU.matcher(run(redis -> redis.info("cpu")));
        long micros = 0;
        int found = 0;
        while (matcher.find()) {
            micros += Math.round(Double.parseDouble(matcher.group(1)) * 1e6);
            found++;
        }
        if (found != 2) {
            throw new IllegalStateException("INFO cpu of " + uri + " has no used_cpu_sys and used_cpu_user");
        }
        return Duration.ofNanos(micros * 1000);
    }

    @Override
    public void close() {
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    }
}
