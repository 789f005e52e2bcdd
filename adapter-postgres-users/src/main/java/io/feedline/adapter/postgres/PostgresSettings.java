package io.feedline.adapter.postgres;

import io.feedline.ports.model.FeedlineException;
import java.time.Duration;
import java.util.regex.Pattern;

/**
 * Where the user accounts live and how to reach them.
 *
 * @param jdbcUrl a {@code jdbc:postgresql:} URL; user and password may be given in it instead
 * @param user the login role, or null when the URL carries it
 * @param password the role's password, or null (trust auth, or given in the URL); never printed
 * @param poolSize the most connections the pool opens
 * @param schema the schema that holds the tables, created by {@link PostgresUsers#migrate()} if absent
 * @param connectTimeout how long to wait for a connection (and the health probe for its answer);
 *     at least 250 ms, the pool's floor
 * @param socketTimeout how long a connection waits for the server's next bytes before it gives up on
 *     it (a server or network that hangs then fails the call instead of holding a pool slot forever)
 * @param statementTimeout how long the server lets one statement run before cancelling it
 */
public record PostgresSettings(
        String jdbcUrl, String user, String password, int poolSize, String schema, Duration connectTimeout,
        Duration socketTimeout, Duration statementTimeout) {

    public static final int DEFAULT_POOL_SIZE = 10;
    public static final String DEFAULT_SCHEMA = "public";
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration DEFAULT_SOCKET_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_STATEMENT_TIMEOUT = Duration.ofSeconds(5);

    // An unquoted Postgres identifier, so the name means the same in SQL, in Flyway and on the wire.
    private static final Pattern SCHEMA = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
    private static final Duration MIN_CONNECT_TIMEOUT = Duration.ofMillis(250);

    public PostgresSettings {
        if (jdbcUrl == null || !jdbcUrl.startsWith("jdbc:postgresql:")) {
            throw new FeedlineException.InvalidInput("postgres.url", "postgres.url must be a jdbc:postgresql: URL");
        }
        if (poolSize < 1 || poolSize > 1000) {
            throw new FeedlineException.InvalidInput("postgres.pool-size", "postgres.pool-size must be 1-1000");
        }
        schema = schema == null ? DEFAULT_SCHEMA : schema;
        if (!SCHEMA.matcher(schema).matches()) {
            throw new FeedlineException.InvalidInput(
                    "postgres.schema", "postgres.schema must be a lower-case identifier ([a-z_][a-z0-9_]*, at most 63)");
        }
        connectTimeout = connectTimeout == null ? DEFAULT_CONNECT_TIMEOUT : connectTimeout;
        if (connectTimeout.compareTo(MIN_CONNECT_TIMEOUT) < 0) {
            throw new FeedlineException.InvalidInput(
                    "postgres.connect-timeout", "postgres.connect-timeout must be at least 250 ms");
        }
        socketTimeout = socketTimeout == null ? DEFAULT_SOCKET_TIMEOUT : socketTimeout;
        statementTimeout = statementTimeout == null ? DEFAULT_STATEMENT_TIMEOUT : statementTimeout;
        if (socketTimeout.toSeconds() < 1) {
            throw new FeedlineException.InvalidInput("postgres.socket-timeout", "postgres.socket-timeout must be at least 1 s");
        }
        if (statementTimeout.toMillis() < 1 || statementTimeout.compareTo(socketTimeout) >= 0) {
            throw new FeedlineException.InvalidInput("postgres.statement-timeout",
                    "postgres.statement-timeout must be positive and shorter than postgres.socket-timeout");
        }
    }

    /** The default socket and statement timeouts. */
    public PostgresSettings(String jdbcUrl, String user, String password, int poolSize, String schema, Duration connectTimeout) {
        this(jdbcUrl, user, password, poolSize, schema, connectTimeout, DEFAULT_SOCKET_TIMEOUT, DEFAULT_STATEMENT_TIMEOUT);
    }

    /** The defaults: a pool of 10, schema {@code public}, a 5 second connect timeout. */
    public static PostgresSettings of(String jdbcUrl, String user, String password) {
        return new PostgresSettings(jdbcUrl, user, password, DEFAULT_POOL_SIZE, DEFAULT_SCHEMA, DEFAULT_CONNECT_TIMEOUT);
    }

    public PostgresSettings withSchema(String schema) {
        return new PostgresSettings(jdbcUrl, user, password, poolSize, schema, connectTimeout, socketTimeout, statementTimeout);
    }

    public PostgresSettings withPoolSize(int poolSize) {
        return new PostgresSettings(jdbcUrl, user, password, poolSize, schema, connectTimeout, socketTimeout, statementTimeout);
    }

    public PostgresSettings withConnectTimeout(Duration connectTimeout) {
        return new PostgresSettings(jdbcUrl, user, password, poolSize, schema, connectTimeout, socketTimeout, statementTimeout);
    }

    public PostgresSettings withTimeouts(Duration socketTimeout, Duration statementTimeout) {
        return new PostgresSettings(jdbcUrl, user, password, poolSize, schema, connectTimeout, socketTimeout, statementTimeout);
    }

    /** Hides the password (and any password in the URL's query) so settings can be logged. */
    @Override
    public String toString() {
        return "PostgresSettings[jdbcUrl=" + jdbcUrl.replaceAll("(?i)(password=)[^&]*", "$1***")
                + ", user=" + user
                + ", password=" + (password == null ? "null" : "***")
                + ", poolSize=" + poolSize
                + ", schema=" + schema
                + ", connectTimeout=" + connectTimeout
                + ", socketTimeout=" + socketTimeout
                + ", statementTimeout=" + statementTimeout + "]";
    }
}
