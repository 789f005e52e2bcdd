package io.feedline.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * The Postgres that tests run against, found once per JVM in this order (a test never skips): the
 * {@code FEEDLINE_TEST_POSTGRES_URL} environment variable (with {@code _USER} and {@code _PASSWORD}),
 * the local cluster on 127.0.0.1:5432 (database {@code test}, user {@code postgres}), a Testcontainers
 * container where a Docker engine runs. Where none answers, {@link #server()} fails with directions;
 * a test never skips. Tests isolate themselves with schemas of their own.
 */
public final class TestPostgres {
    public static final String URL_VARIABLE = "FEEDLINE_TEST_POSTGRES_URL";
    public static final String USER_VARIABLE = URL_VARIABLE + "_USER";
    public static final String PASSWORD_VARIABLE = URL_VARIABLE + "_PASSWORD";
    public static final String LOCAL_URL = "jdbc:postgresql://127.0.0.1:5432/test";
    public static final String LOCAL_USER = "postgres";

    private static final Lookup<PostgresServer> SERVER = new Lookup<>(TestPostgres::resolve);

    private TestPostgres() {}

    /**
     * The server, looked up on the first call.
     *
     * @throws IllegalStateException on every call, when no server was found, saying how to provide one
     */
    public static PostgresServer server() {
        return SERVER.get();
    }

    private static PostgresServer resolve() {
        String url = System.getenv(URL_VARIABLE);
        if (url != null && !url.isBlank()) {
            // An explicit choice is honoured or fails loudly; it never falls through to another server.
            PostgresServer chosen = new PostgresServer(url.strip(), System.getenv(USER_VARIABLE),
                    System.getenv(PASSWORD_VARIABLE), URL_VARIABLE);
            chosen.problem().ifPresent(problem -> {
                throw new IllegalStateException(URL_VARIABLE + " is set, but that server does not answer: " + problem
                        + "\nFix the URL (and " + USER_VARIABLE + ", " + PASSWORD_VARIABLE + "), or unset it to use "
                        + LOCAL_URL + ".");
            });
            return chosen;
        }

        List<String> tried = new ArrayList<>();
        tried.add(URL_VARIABLE + ": not set");
        PostgresServer local = new PostgresServer(LOCAL_URL, LOCAL_USER, null, "local cluster");
        Optional<String> localProblem = local.problem();
        if (localProblem.isEmpty()) {
            return local;
        }
        tried.add(LOCAL_URL + " as " + LOCAL_USER + ": " + localProblem.get());

        if (DockerClientFactory.instance().isDockerAvailable()) {
            PostgreSQLContainer container = new PostgreSQLContainer("postgres:16-alpine");
            container.start();
            // Testcontainers' reaper removes the container when this JVM exits.
            return new PostgresServer(container.getJdbcUrl(), container.getUsername(), container.getPassword(),
                    "Testcontainers");
        }
        tried.add("Testcontainers: no Docker engine");

        throw new IllegalStateException("""
                No Postgres server for the tests. Tried:
                  - %s
                Provide one of:
                  1. export %s=jdbc:postgresql://HOST:PORT/DATABASE (user and password in the URL, or in %s and %s);
                  2. start the local cluster so that 127.0.0.1:5432 serves database 'test' to user 'postgres':
                     pg_ctlcluster --skip-systemctl-redirect <version> main start   (versions: ls /etc/postgresql)
                     or run .ci/services.sh, which installs and starts it where it is missing;
                  3. run a Docker engine, so that Testcontainers can start one."""
                .formatted(String.join("\n  - ", tried), URL_VARIABLE, USER_VARIABLE, PASSWORD_VARIABLE));
    }
}
