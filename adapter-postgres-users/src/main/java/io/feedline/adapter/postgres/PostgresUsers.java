package io.feedline.adapter.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.feedline.ports.out.HealthProbe;
import io.feedline.ports.out.SearchIndex;
import io.feedline.ports.out.UserAccounts;
import java.time.Duration;
import java.util.Objects;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.StatementExceptions;
import org.jdbi.v3.postgres.PostgresPlugin;

/**
 * The Postgres side of the polyglot layout: user accounts over one connection pool. The app opens
 * it once, calls {@link #migrate()} at start, hands {@link #userAccounts()} to the domain and
 * {@link #healthProbe()} to {@code /health}, and closes it on shutdown.
 *
 * <pre>{@code
 * try (PostgresUsers users = PostgresUsers.open(PostgresSettings.of(url, user, password))) {
 *     users.migrate();
 *     UserAccounts accounts = users.userAccounts();
 * }
 * }</pre>
 */
public final class PostgresUsers implements AutoCloseable {
    private static final Duration MAX_VALIDATION_TIMEOUT = Duration.ofSeconds(5);

    private final PostgresSettings settings;
    private final HikariDataSource dataSource;
    private final Jdbi jdbi;
    private final UserAccounts userAccounts;
    private final HealthProbe healthProbe;
    private final SearchIndex searchIndex;

    private PostgresUsers(PostgresSettings settings) {
        this.settings = settings;
        this.dataSource = new HikariDataSource(poolConfig(settings));
        this.jdbi = Jdbi.create(dataSource).installPlugin(new PostgresPlugin());
        // Jdbi would otherwise render the bound arguments (a password hash among them) into messages.
        jdbi.getConfig(StatementExceptions.class).setMessageRendering(StatementExceptions.MessageRendering.NONE);
        this.userAccounts = new PostgresUserAccounts(jdbi);
        this.healthProbe = new PostgresHealthProbe(jdbi, settings.connectTimeout());
        this.searchIndex = new PostgresSearchIndex(jdbi);
    }

    /**
     * Creates the pool. It connects lazily: a server that is down now fails {@link #migrate()} and
     * the probe with {@code StorageUnavailable}, not this call.
     */
    public static PostgresUsers open(PostgresSettings settings) {
        return new PostgresUsers(Objects.requireNonNull(settings, "settings"));
    }

    /**
     * Brings the schema up to date (creating it if absent) and returns how many migrations ran;
     * 0 when it was current already.
     *
     * @throws io.feedline.ports.model.FeedlineException.StorageUnavailable if the server refuses
     */
    public int migrate() {
        try {
            return Flyway.configure(PostgresUsers.class.getClassLoader())
                    .dataSource(dataSource)
                    .locations(UsersTable.MIGRATIONS)
                    .schemas(settings.schema())
                    .defaultSchema(settings.schema())
                    .createSchemas(true)
                    .table(UsersTable.HISTORY_TABLE)
                    .load()
                    .migrate()
                    .migrationsExecuted;
        } catch (FlywayException e) {
            throw PostgresErrors.unavailable("could not migrate schema " + settings.schema(), e);
        }
    }

    public UserAccounts userAccounts() {
        return userAccounts;
    }

    /** Full-text search over posts (the post_search table) and accounts (the users table). */
    public SearchIndex searchIndex() {
        return searchIndex;
    }

    public HealthProbe healthProbe() {
        return healthProbe;
    }

    public PostgresSettings settings() {
        return settings;
    }

    /** Closes every pooled connection. Idempotent; afterwards each call fails with {@code StorageUnavailable}. */
    @Override
    public void close() {
        dataSource.close();
    }

    HikariDataSource dataSource() {
        return dataSource;
    }

    Jdbi jdbi() {
        return jdbi;
    }

    private static HikariConfig poolConfig(PostgresSettings settings) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("feedline-users-" + settings.schema());
        config.setJdbcUrl(settings.jdbcUrl());
        if (settings.user() != null) {
            config.setUsername(settings.user());
        }
        if (settings.password() != null) {
            config.setPassword(settings.password());
        }
        config.setMaximumPoolSize(settings.poolSize());
        config.setSchema(settings.schema());
        long timeoutMillis = settings.connectTimeout().toMillis();
        config.setConnectionTimeout(timeoutMillis);
        config.setValidationTimeout(Math.min(timeoutMillis, MAX_VALIDATION_TIMEOUT.toMillis()));
        // Start even while the server is down; the probe reports it and the pool recovers by itself.
        config.setInitializationFailTimeout(-1);
        config.addDataSourceProperty("connectTimeout", (int) Math.max(1, (timeoutMillis + 999) / 1000));
        // Server "detail" lines can quote a whole failing row, password hash included: keep them out of messages.
        config.addDataSourceProperty("logServerErrorDetail", false);
        config.addDataSourceProperty("ApplicationName", "feedline-users");
        // A hung server or network fails the call after socketTimeout instead of holding a pool slot.
        config.addDataSourceProperty("socketTimeout", (int) settings.socketTimeout().toSeconds());
        // The server cancels a statement that runs longer than this (SQLSTATE 57014).
        config.addDataSourceProperty("options", "-c statement_timeout=" + settings.statementTimeout().toMillis());
        return config;
    }
}
