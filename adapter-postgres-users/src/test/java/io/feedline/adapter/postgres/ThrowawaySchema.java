package io.feedline.adapter.postgres;

import io.feedline.testsupport.PostgresServer;
import io.feedline.testsupport.TestPostgres;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A migrated schema with a random name, dropped afterwards, so that test classes (and concurrent
 * runs) never see each other's rows. Register it as a static extension for a whole class, or open
 * one inside a test for something destructive.
 */
final class ThrowawaySchema implements BeforeAllCallback, AfterAllCallback, AutoCloseable {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final int poolSize;
    private PostgresServer server;
    private String name;
    private PostgresUsers users;
    private int migrationsRun;

    ThrowawaySchema(int poolSize) {
        this.poolSize = poolSize;
    }

    /** Opens and migrates a schema of its own, for use in a try-with-resources block. */
    static ThrowawaySchema open(int poolSize) {
        ThrowawaySchema schema = new ThrowawaySchema(poolSize);
        schema.start();
        return schema;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }

    private void start() {
        server = TestPostgres.server();
        byte[] suffix = new byte[6];
        RANDOM.nextBytes(suffix);
        name = "feedline_test_" + HexFormat.of().formatHex(suffix);
        users = PostgresUsers.open(settings());
        migrationsRun = users.migrate();
    }

    /** How many migrations the first {@code migrate()} on this fresh schema ran. */
    int migrationsRun() {
        return migrationsRun;
    }

    String name() {
        return name;
    }

    PostgresSettings settings() {
        return new PostgresSettings(server.url(), server.user(), server.password(), poolSize, name, Duration.ofSeconds(5));
    }

    PostgresUsers users() {
        return users;
    }

    /** Runs a statement with plain JDBC in this schema. */
    void execute(String sql) throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    /** The first row a plain SQL query returns, column label to text, if any. */
    Optional<Map<String, String>> row(String sql, Object... parameters) throws SQLException {
        try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet rows = statement.executeQuery()) {
                if (!rows.next()) {
                    return Optional.empty();
                }
                Map<String, String> row = new LinkedHashMap<>();
                for (int column = 1; column <= rows.getMetaData().getColumnCount(); column++) {
                    row.put(rows.getMetaData().getColumnLabel(column), rows.getString(column));
                }
                return Optional.of(row);
            }
        }
    }

    /** The plan of {@code sql} in this schema with sequential scans disabled, its lines joined by spaces. */
    String planWithoutSeqScan(String sql) throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("SET enable_seqscan = off");
            StringBuilder plan = new StringBuilder();
            try (ResultSet rows = statement.executeQuery("EXPLAIN " + sql)) {
                while (rows.next()) {
                    plan.append(rows.getString(1)).append(' ');
                }
            }
            return plan.toString();
        }
    }

    private Connection connect() throws SQLException {
        Connection connection = server.connect();
        connection.setSchema(name);
        return connection;
    }

    @Override
    public void close() {
        if (users == null) {
            return;
        }
        users.close();
        users = null;
        server.dropSchema(name);
    }
}
