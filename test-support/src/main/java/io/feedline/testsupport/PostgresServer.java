package io.feedline.testsupport;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * A reachable Postgres and where it came from: what a test or the bench needs to point an adapter
 * at it, plus plain JDBC for the few statements that run outside the adapter (looking at rows,
 * dropping a schema of its own).
 *
 * @param url a {@code jdbc:postgresql:} URL
 * @param user the login role, or null when the URL carries it
 * @param password the role's password, or null (trust auth, or given in the URL); never printed
 * @param origin how it was found: the environment variable, the local cluster, Testcontainers, or given
 */
public record PostgresServer(String url, String user, String password, String origin) {
    // An unquoted identifier: what DROP SCHEMA is given cannot be anything but a name.
    private static final Pattern SCHEMA = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    /** A server named by its caller (the bench's configured one), not looked up. */
    public static PostgresServer at(String url, String user, String password) {
        return new PostgresServer(url, user, password, "given");
    }

    /** A new plain JDBC connection; the caller closes it. */
    public Connection connect() throws SQLException {
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

    /** Why it does not answer, or empty when it does. */
    public Optional<String> problem() {
        try (Connection connection = connect()) {
            return connection.isValid(3) ? Optional.empty() : Optional.of("connection is not valid");
        } catch (SQLException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** Runs one statement on a connection of its own. */
    public void execute(String sql) {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("could not run on " + this + ": " + e.getMessage(), e);
        }
    }

    /** Whether a schema of that name exists. */
    public boolean schemaExists(String schema) {
        try (Connection connection = connect();
                PreparedStatement query = connection.prepareStatement("SELECT 1 FROM pg_namespace WHERE nspname = ?")) {
            query.setString(1, schema);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not look for schema " + schema + " on " + this + ": " + e.getMessage(), e);
        }
    }

    /** Drops the schema and everything in it, if it exists. */
    public void dropSchema(String schema) {
        if (schema == null || !SCHEMA.matcher(schema).matches()) {
            throw new IllegalArgumentException("not a plain schema name: " + schema);
        }
        execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    }

    /** The origin and the URL; never the password. */
    @Override
    public String toString() {
        return origin + " (" + url.replaceAll("(?i)(password=)[^&]*", "$1***") + ")";
    }
}
