package io.feedline.adapter.postgres;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * The Postgres server the tests run against, found once per JVM in this order: the
 * {@code FEEDLINE_TEST_POSTGRES_URL} environment variable, the local cluster on 127.0.0.1:5432
 * (database {@code test}, user {@code postgres}), a Testcontainers container where Docker runs.
 * Where none answers, the tests fail with directions; they never skip.
 */
final class TestPostgres {
    static final String URL_VARIABLE = "FEEDLINE_TEST_POSTGRES_URL";
    static final String USER_VARIABLE = "FEEDLINE_TEST_POSTGRES_USER";
    static final String PASSWORD_VARIABLE = "FEEDLINE_TEST_POSTGRES_PASSWORD";
    static final String LOCAL_URL = "jdbc:postgresql://127.0.0.1:5432/test";
    static final String LOCAL_USER = "postgres";

    /** A reachable server and where it came from. */
    record Server(String url, String user, String password, String origin) {
        PostgresSettings settings(String schema, int poolSize) {
            return new PostgresSettings(url, user, password, poolSize, schema, Duration.ofSeconds(5));
        }

        /** A plain JDBC connection, for the tests that inspect rows without going through the adapter. */
        Connection connect() throws SQLException {
            Properties properties = new Properties();
            if (user != null) {
                properties.setProperty("user", user);
            }
            if (password != null) {
                properties.setProperty("password", password);
            }
            properties.setProperty("connectTimeout", "3");
            return DriverManager.getConnection(url, properties);
        }

        @Override
        public String toString() {
            return origin + " (" + url + ")";
        }
    }

    private static Server server;

    private TestPostgres() {}

    static synchronized Server server() {
        if (server == null) {
            server = resolve();
        }
        return server;
    }

    private static Server resolve() {
        String url = System.getenv(URL_VARIABLE);
        if (url != null && !url.isBlank()) {
            // An explicit choice is honoured or fails loudly; it never falls through to another server.
            Server fromEnvironment = new Server(
                    url, System.getenv(USER_VARIABLE), System.getenv(PASSWORD_VARIABLE), URL_VARIABLE);
            String problem = answers(fromEnvironment);
            if (problem != null) {
                throw new IllegalStateException(URL_VARIABLE + " is set, but that server does not answer: " + problem
                        + "\nFix the URL (and " + USER_VARIABLE + "/" + PASSWORD_VARIABLE + "), or unset it to use "
                        + LOCAL_URL + ".");
            }
            return fromEnvironment;
        }

        List<String> tried = new ArrayList<>();
        tried.add(URL_VARIABLE + ": not set");
        Server local = new Server(LOCAL_URL, LOCAL_USER, null, "local cluster");
        String localProblem = answers(local);
        if (localProblem == null) {
            return local;
        }
        tried.add(LOCAL_URL + " as " + LOCAL_USER + ": " + localProblem);

        if (DockerClientFactory.instance().isDockerAvailable()) {
            PostgreSQLContainer container = new PostgreSQLContainer("postgres:16-alpine");
            container.start();
            // Testcontainers' reaper removes the container when this JVM exits.
            return new Server(container.getJdbcUrl(), container.getUsername(), container.getPassword(), "Testcontainers");
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

    private static String answers(Server candidate) {
        try (Connection connection = candidate.connect()) {
            return connection.isValid(3) ? null : "connection is not valid";
        } catch (SQLException e) {
            return e.getMessage();
        }
    }
}
