package io.feedline.scale;

import io.feedline.testsupport.DynamoLocal;
import io.feedline.testsupport.FreePorts;
import io.feedline.testsupport.PostgresServer;
import io.feedline.testsupport.TestPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The polyglot layout as a team runs it, on one machine: {@code feedline serve} and {@code feedline
 * worker} processes of the production jar sharing one DynamoDB Local (in this JVM, on a loopback
 * port: it cannot outlive the test, and the test reads raw items from it), a schema of their own in
 * the test Postgres, and the Redis whose URI the caller gives. Switching that Redis to a cluster is
 * the URI alone; every other setting is one environment map that all processes share, so a test can
 * add one (a rate limit) in a line. Logs go to {@code target/process-logs}. {@link #close()} (or a
 * shutdown hook, if the test JVM itself is stopped) ends every process it started, drops the schema
 * and stops DynamoDB Local.
 */
final class PolyglotStack implements AutoCloseable {
    // Proofs of behaviour, not of speed: small heaps and C1 only keep three JVMs and the test on two cores.
    private static final List<String> JVM_OPTIONS = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    private final DynamoLocal dynamo;
    private final PostgresServer postgres;
    private final String schema;
    private final String table;
    private final Path jar;
    private final Path logs;
    private final Map<String, String> environment;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<FeedlineProcess> processes = new ArrayList<>();
    private final Thread reaper = new Thread(this::stopProcesses, "polyglot-stack-reaper");

    private PolyglotStack(DynamoLocal dynamo, PostgresServer postgres, String schema, String table, Path jar, Path logs,
            Map<String, String> environment) {
        this.dynamo = dynamo;
        this.postgres = postgres;
        this.schema = schema;
        this.table = table;
        this.jar = jar;
        this.logs = logs;
        this.environment = environment;
    }

    /**
     * Engines for the processes to share; none is started yet.
     *
     * @param redisUri the {@code redis.uri} every process gets
     * @param settings further environment variables for every process, over the stack's own
     */
    static PolyglotStack start(String redisUri, Map<String, String> settings) {
        Path jar = Path.of(System.getProperty("feedline.jar", "../app/target/feedline-all.jar")).toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no production jar at " + jar + ": build it first with "
                    + "`mvn -o -q -pl app -am -DskipTests package` (mvn verify builds it before this module)");
        }
        String run = HexFormat.of().formatHex(random(4));
        Path logs = Path.of(System.getProperty("feedline.logs", "target/process-logs"), run).toAbsolutePath();
        try {
            Files.createDirectories(logs);
        } catch (IOException e) {
            throw new UncheckedIOException("could not create " + logs, e);
        }
        PostgresServer postgres = TestPostgres.server();
        String schema = "scale_" + run;
        String table = "scale-" + run;
        DynamoLocal dynamo = DynamoLocal.start();

        Map<String, String> environment = new HashMap<>();
        environment.put("FEEDLINE_PROFILE", "polyglot");
        environment.put("FEEDLINE_TOKEN_SECRET", HexFormat.of().formatHex(random(32)));
        environment.put("FEEDLINE_DYNAMODB_ENDPOINT", dynamo.endpoint().toString());
        environment.put("FEEDLINE_DYNAMODB_TABLE", table);
        environment.put("FEEDLINE_POSTGRES_URL", postgres.url());
        if (postgres.user() != null) {
            environment.put("FEEDLINE_POSTGRES_USER", postgres.user());
        }
        if (postgres.password() != null) {
            environment.put("FEEDLINE_POSTGRES_PASSWORD", postgres.password());
        }
        environment.put("FEEDLINE_POSTGRES_SCHEMA", schema);
        environment.put("FEEDLINE_REDIS_URI", redisUri);
        // Three JVMs, the engines and the build share two cores: the defaults (1 s, 500 ms) are for a
        // machine with room, and a connect that times out at start is an exit, not a retry.
        environment.put("FEEDLINE_REDIS_CONNECT_TIMEOUT", "10s");
        environment.put("FEEDLINE_REDIS_COMMAND_TIMEOUT", "5s");
        environment.put("FEEDLINE_HTTP_HOST", "127.0.0.1");
        // Fan-out only in the worker processes, so that killing the worker really stops it.
        environment.put("FEEDLINE_WORKER_IN_PROCESS", "0");
        environment.put("FEEDLINE_WORKER_LOOPS", "2");
        // The request and credential limits (shared buckets in Redis) are raised out of the way of the
        // proof's traffic; the limit on wrong passwords keeps its default, and a test holds it shared.
        environment.put("FEEDLINE_HTTP_RATE_LIMIT_REQUESTS", "1000000");
        environment.put("FEEDLINE_HTTP_RATE_LIMIT_CREDENTIALS_REQUESTS", "1000000");
        // Sign-ups race on two cores: a request waits for a hashing slot rather than answering 503.
        environment.put("FEEDLINE_PASSWORD_MAX_WAIT", "60s");
        // ...and the request deadline (10 s by default) outlasts that wait: at a load average of 20,
        // two racing sign-ups' hashes and writes took longer and were answered 503 request-timeout.
        environment.put("FEEDLINE_HTTP_REQUEST_TIMEOUT", "75s");
        // What a killed process held comes back within seconds: its leased fan-out jobs, its idempotency claims.
        environment.put("FEEDLINE_FANOUT_JOB_LEASE", "3s");
        environment.put("FEEDLINE_IDEMPOTENCY_LOCK_TIMEOUT", "3s");
        environment.putAll(settings);

        PolyglotStack stack = new PolyglotStack(dynamo, postgres, schema, table, jar, logs, environment);
        Runtime.getRuntime().addShutdownHook(stack.reaper);
        return stack;
    }

    /**
     * Runs {@code feedline init} (the table, the migrations) to its end, as a deployment does before
     * it starts servers. A process that gets no answer from DynamoDB within its timeout exits, which
     * a loaded machine can cause, so it is tried up to three times.
     */
    void init() {
        for (int attempt = 1; ; attempt++) {
            FeedlineProcess init = track(FeedlineProcess.start("init", jar, JVM_OPTIONS, "init", environment, logs, 0));
            int exit = init.awaitExit(Duration.ofMinutes(2));
            if (exit == 0) {
                return;
            }
            if (attempt == 3) {
                throw new IllegalStateException("feedline init failed three times; the last exit was " + exit + ":\n" + init.tail());
            }
        }
    }

    /** Starts {@code feedline serve} on a free loopback port and waits until it is healthy. */
    FeedlineProcess server(String name) {
        int port = FreePorts.next();
        Map<String, String> own = new HashMap<>(environment);
        own.put("FEEDLINE_HTTP_PORT", Integer.toString(port));
        FeedlineProcess server = track(FeedlineProcess.start(name, jar, JVM_OPTIONS, "serve", own, logs, port));
        awaitHealthy(server);
        return server;
    }

    /** Starts {@code feedline worker}; it serves no HTTP, so there is nothing to wait for. */
    FeedlineProcess worker(String name) {
        return track(FeedlineProcess.start(name, jar, JVM_OPTIONS, "worker", environment, logs, 0));
    }

    /** Restarts a killed server and waits until it is healthy again. */
    void restartServer(FeedlineProcess server) {
        server.restart();
        awaitHealthy(server);
    }

    /**
     * Waits until the server is healthy. One that exited at start (no answer from an engine within
     * its timeout, which a loaded machine can cause) is started again, up to three times in all.
     */
    private void awaitHealthy(FeedlineProcess server) {
        for (int attempt = 1; ; attempt++) {
            try {
                server.awaitHealthy(http);
                return;
            } catch (IllegalStateException exitedAtStart) {
                if (attempt == 3 || server.alive()) {
                    throw exitedAtStart;
                }
                server.restart();
            }
        }
    }

    HttpClient http() {
        return http;
    }

    /** A plain client on the shared DynamoDB Local, to read the raw items behind the API. */
    DynamoDbClient dynamoClient() {
        return dynamo.client();
    }

    String table() {
        return table;
    }

    Path logs() {
        return logs;
    }

    @Override
    public void close() {
        try {
            stopProcesses();
            postgres.dropSchema(schema);
        } finally {
            dynamo.close();
            try {
                Runtime.getRuntime().removeShutdownHook(reaper);
            } catch (IllegalStateException alreadyExiting) {
                // The hook runs or ran anyway.
            }
        }
    }

    private synchronized FeedlineProcess track(FeedlineProcess process) {
        processes.add(process);
        return process;
    }

    private synchronized void stopProcesses() {
        processes.forEach(FeedlineProcess::close);
    }

    private static byte[] random(int bytes) {
        byte[] value = new byte[bytes];
        new SecureRandom().nextBytes(value);
        return value;
    }
}
