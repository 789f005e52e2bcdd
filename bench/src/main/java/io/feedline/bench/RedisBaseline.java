package io.feedline.bench;

import io.feedline.testsupport.Executables;
import io.feedline.testsupport.ThrowawayRedis;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code redis-benchmark -q -t lrange_100}: what this machine's Redis does at all, so that each
 * figure reads as a ratio to it. It runs against a private {@link ThrowawayRedis}, because
 * redis-benchmark writes its own key ({@code mylist}) and a shared server must keep none of ours.
 *
 * @param clients50 the default run, 50 clients: throughput
 * @param oneClient one client: a latency comparable to one reader's sequential reads
 */
record RedisBaseline(int requests, Figure clients50, Figure oneClient) {

    /** Requests per second and median latency of one run. */
    record Figure(double requestsPerSecond, double p50Millis) {}

    private static final Pattern LRANGE_100 = Pattern.compile(
            "^LRANGE_100 \\(first 100 elements\\): ([0-9.]+) requests per second(?:, p50=([0-9.]+) msec)?", Pattern.MULTILINE);

    /** Empty, with the reason logged by the caller, when redis-server or redis-benchmark is missing. */
    static Optional<RedisBaseline> measure(int requests) {
        if (RedisBenchmarkTool.find().isEmpty() || Executables.onPath("redis-server").isEmpty()) {
            return Optional.empty();
        }
        try (ThrowawayRedis redis = ThrowawayRedis.start()) {
            Figure many = run(redis.port(), requests, 50);
            Figure one = run(redis.port(), Math.max(1, requests / 5), 1);
            return Optional.of(new RedisBaseline(requests, many, one));
        }
    }

    static String missing() {
        return "redis-server or redis-benchmark is not on PATH (apt-get install -y redis-server redis-tools)";
    }

    String describe() {
        return String.format(Locale.ROOT,
                "redis-benchmark -q -t lrange_100 -n %d (private redis-server): %.0f requests/s, p50 %.3f ms with 50 clients; "
                        + "%.0f requests/s, p50 %.3f ms with 1 client (-c 1 -n %d)",
                requests, clients50.requestsPerSecond(), clients50.p50Millis(), oneClient.requestsPerSecond(),
                oneClient.p50Millis(), Math.max(1, requests / 5));
    }

    private static Figure run(int port, int requests, int clients) {
        return parse(RedisBenchmarkTool.run(List.of("-h", "127.0.0.1", "-p", Integer.toString(port), "-q",
                "-t", "lrange_100", "-n", Integer.toString(requests), "-c", Integer.toString(clients))));
    }

    /** The quiet output's final LRANGE_100 line (progress lines end in a carriage return). */
    static Figure parse(String output) {
        Matcher matcher = LRANGE_100.matcher(output.replace('\r', '\n'));
        if (!matcher.find()) {
            throw new IllegalStateException("no LRANGE_100 figure in redis-benchmark output: " + output);
        }
        double p50 = matcher.group(2) == null ? Double.NaN : Double.parseDouble(matcher.group(2));
        return new Figure(Double.parseDouble(matcher.group(1)), p50);
    }
}
