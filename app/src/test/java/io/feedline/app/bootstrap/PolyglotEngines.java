package io.feedline.app.bootstrap;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The real Postgres and Redis the polyglot test runs against: from {@code FEEDLINE_TEST_POSTGRES_URL}
 * (with {@code _USER}, {@code _PASSWORD}) and {@code FEEDLINE_TEST_REDIS_URI}, else the local
 * defaults (127.0.0.1:5432 database {@code test} user {@code postgres}; 127.0.0.1:6379). Where one
 * does not answer, the test fails and says how to provide it; it never skips.
 */
final class PolyglotEngines {
    static final String POSTGRES_URL = "FEEDLINE_TEST_POSTGRES_URL";
    static final String REDIS_URI = "FEEDLINE_TEST_REDIS_URI";

    record Postgres(String url, String user, String password) {
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

        void dropSchema(String schema) throws SQLException {
            try (Connection connection = connect(); Statement statement = connection.createStatement()) {
                statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            }
        }
    }

    private PolyglotEngines() {}

    static Postgres postgres() {
        String url = env(POSTGRES_URL, "jdbc:postgresql://127.0.0.1:5432/test");
        Postgres postgres = new Postgres(url, env(POSTGRES_URL + "_USER", "postgres"), System.getenv(POSTGRES_URL + "_PASSWORD"));
        try (Connection ignored = postgres.connect()) {
            return postgres;
        } catch (SQLException e) {
            throw new AssertionError("""
                    No Postgres at %s (%s). Provide one: set %s (and %s_USER, %s_PASSWORD), or start the local \
                    cluster, e.g. `pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start` \
                    (trust auth, database test, user postgres).""".formatted(url, e.getMessage(), POSTGRES_URL,
                    POSTGRES_URL, POSTGRES_URL));
        }
    }

    static String redis() {
        String uri = env(REDIS_URI, "redis://127.0.0.1:6379");
        try {
            command(uri, "PING");
            return uri;
        } catch (IOException e) {
            throw new AssertionError("""
                    No Redis at %s (%s). Provide one: set %s=redis://host:port, or start a local server, e.g. \
                    `redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no`."""
                    .formatted(uri, e.getMessage(), REDIS_URI));
        }
    }

    /** Sends one command over RESP and returns the reply's bulk strings (or its status or integer, as one item). */
    static List<String> command(String uri, String... words) throws IOException {
        URI parsed = URI.create(uri);
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(parsed.getHost(), parsed.getPort() < 0 ? 6379 : parsed.getPort()), 2000);
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            StringBuilder request = new StringBuilder("*" + words.length + "\r\n");
            for (String word : words) {
                request.append('$').append(word.getBytes(StandardCharsets.UTF_8).length).append("\r\n").append(word).append("\r\n");
            }
            out.write(request.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
            return reply(new BufferedInputStream(socket.getInputStream()));
        }
    }

    private static List<String> reply(InputStream in) throws IOException {
        String line = line(in);
        List<String> items = new ArrayList<>();
        switch (line.charAt(0)) {
            case '+', ':' -> items.add(line.substring(1));
            case '-' -> throw new IOException("redis: " + line.substring(1));
            case '$' -> items.add(bulk(in, Integer.parseInt(line.substring(1))));
            case '*' -> {
                int count = Integer.parseInt(line.substring(1));
                for (int i = 0; i < count; i++) {
                    items.add(bulk(in, Integer.parseInt(line(in).substring(1))));
                }
            }
            default -> throw new IOException("unexpected reply " + line);
        }
        return items;
    }

    private static String bulk(InputStream in, int length) throws IOException {
        if (length < 0) {
            return null;
        }
        String value = new String(in.readNBytes(length), StandardCharsets.UTF_8);
        in.readNBytes(2);
        return value;
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        int c;
        while ((c = in.read()) != '\r') {
            if (c < 0) {
                throw new IOException("connection closed");
            }
            line.append((char) c);
        }
        in.read();
        return line.toString();
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value.strip();
    }
}
