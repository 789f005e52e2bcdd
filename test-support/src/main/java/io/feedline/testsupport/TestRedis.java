package io.feedline.testsupport;

import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The shared Redis that tests run against, found once per JVM in this order (a test never skips): the
 * {@code FEEDLINE_TEST_REDIS_URI} environment variable, then 127.0.0.1:6379, then a Testcontainers
 * {@code redis:7} where a Docker engine runs. Where none answers, {@link #uri()} fails with directions;
 * a test never skips. Tests on the shared server touch only keys under a prefix of their own; a test
 * that flushes, stops or counts commands starts a {@link ThrowawayRedis} instead.
 */
public final class TestRedis {
    public static final String URI_VARIABLE = "FEEDLINE_TEST_REDIS_URI";
    public static final String LOCAL_URI = "redis://127.0.0.1:6379";
    private static final int REDIS_PORT = 6379;

    private static final Lookup<String> URI = new Lookup<>(TestRedis::resolve);
    // Kept so that the container lives as long as the JVM (Testcontainers' reaper removes it then).
    private static GenericContainer<?> container;

    private TestRedis() {}

    /**
     * The server's URI, looked up on the first call.
     *
     * @throws IllegalStateException on every call, when no server was found, saying how to provide one
     */
    public static String uri() {
        return URI.get();
    }

    private static String resolve() {
        String fromEnvironment = System.getenv(URI_VARIABLE);
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            // An explicit choice is honoured or fails loudly; it never falls through to another server.
            if (!answers(fromEnvironment.strip())) {
                throw new IllegalStateException(URI_VARIABLE + "=" + fromEnvironment.strip()
                        + " is set, but no Redis answers PING there. Fix it, or unset it to use " + LOCAL_URI + ".");
            }
            return fromEnvironment.strip();
        }
        if (answers(LOCAL_URI)) {
            return LOCAL_URI;
        }
        if (DockerClientFactory.instance().isDockerAvailable()) {
            container = new GenericContainer<>(DockerImageName.parse("redis:7")).withExposedPorts(REDIS_PORT);
            container.start();
            return "redis://" + container.getHost() + ":" + container.getMappedPort(REDIS_PORT);
        }
        throw new IllegalStateException("""
                No Redis for the tests. Tried %s (not set), %s (no answer) and Testcontainers (no Docker engine).
                Provide one of:
                  1. export %s=redis://HOST:PORT (an existing server; tests only touch keys under their own prefixes);
                  2. a server on 127.0.0.1:6379, e.g. `redis-server --daemonize yes --bind 127.0.0.1 --port 6379 \
                --save "" --appendonly no` (install it with `apt-get install -y redis-server`), or run .ci/services.sh;
                  3. a running Docker engine, so that Testcontainers can start a redis:7."""
                .formatted(URI_VARIABLE, LOCAL_URI, URI_VARIABLE));
    }

    private static boolean answers(String candidate) {
        try (RedisAdmin admin = RedisAdmin.connect(candidate)) {
            return admin.answersPing();
        }
    }
}
