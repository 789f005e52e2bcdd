package io.feedline.adapter.dynamodb;

import com.amazonaws.services.dynamodbv2.local.server.LocalDynamoDBRequestHandler;
import com.amazonaws.services.dynamodbv2.local.server.LocalDynamoDBServerHandler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ContextHandler;
import org.eclipse.jetty.server.handler.ContextHandlerCollection;

/**
 * DynamoDB Local running in this JVM as a real HTTP endpoint, so that the embedded profile and the
 * tests go through the same SDK client, interceptors included, as production, and so that other
 * processes on the machine can share one ({@code feedline dynamodb-local}). It listens on the
 * loopback interface unless told otherwise, and sends no telemetry (the server is wired here rather
 * than through DynamoDB Local's command line, which binds every interface).
 *
 * <p>DynamoDB Local leaves non-daemon threads behind after {@link #close()}; a process that uses it
 * should exit explicitly.
 */
public final class EmbeddedDynamo implements AutoCloseable {
    // DynamoDB Local's SQLite layer logs every connection it opens at INFO; kept here so the level sticks.
    private static final Logger SQLITE_LOG = Logger.getLogger("com.almworks.sqlite4java");

    static {
        SQLITE_LOG.setLevel(Level.WARNING);
    }

    /** How long {@link #close()} waits for the SQLite threads of a file-backed database to let go of it. */
    private static final Duration RELEASE_WAIT = Duration.ofSeconds(10);

    private final Server server;
    private final LocalDynamoDBServerHandler handler;
    private final URI endpoint;
    private final boolean fileBacked;

    private EmbeddedDynamo(Server server, LocalDynamoDBServerHandler handler, URI endpoint, boolean fileBacked) {
        this.server = server;
        this.handler = handler;
        this.endpoint = endpoint;
        this.fileBacked = fileBacked;
    }

    /** A server on a loopback port the OS picks, whose data lives in memory only and is gone when it stops. */
    public static EmbeddedDynamo inMemory() {
        return inMemory(loopback(), 0);
    }

    /**
     * A server on a loopback port the OS picks, whose data lives in one database file under
     * {@code directory}, so it survives a restart.
     */
    public static EmbeddedDynamo fileBacked(Path directory) {
        return fileBacked(directory, loopback(), 0);
    }

    /** An in-memory server listening on {@code host}:{@code port} (0: a port the OS picks). */
    public static EmbeddedDynamo inMemory(String host, int port) {
        return start(true, null, host, port);
    }

    /** A file-backed server listening on {@code host}:{@code port} (0: a port the OS picks). */
    public static EmbeddedDynamo fileBacked(Path directory, String host, int port) {
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the DynamoDB Local data directory " + directory, e);
        }
        return start(false, directory.toAbsolutePath().toString(), host, port);
    }

    /** The address a client on this machine dials for a server bound to {@code host}. */
    private static String reachable(String host) {
        String address = host.equals("0.0.0.0") || host.equals("::") ? loopback() : host;
        return address.contains(":") ? "[" + address + "]" : address;
    }

    private static String loopback() {
        return InetAddress.getLoopbackAddress().getHostAddress();
    }

    private static EmbeddedDynamo start(boolean inMemory, String dbPath, String host, int port) {
        LocalDynamoDBServerHandler handler;
        try {
            // Shared database: one set of tables whatever the region and credentials of a client.
            handler = new LocalDynamoDBServerHandler(new LocalDynamoDBRequestHandler(0, inMemory, dbPath, true, false), null);
        } catch (Exception e) {
            throw new IllegalStateException("DynamoDB Local could not open its database"
                    + (dbPath == null ? "" : " under " + dbPath) + ": " + e.getMessage(), e);
        }
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost(host);
        connector.setPort(port);
        server.addConnector(connector);
        ContextHandler context = new ContextHandler();
        context.setHandler(handler);
        server.setHandler(new ContextHandlerCollection(context));
        try {
            server.start();
        } catch (Exception e) {
            handler.close();
            throw new IllegalStateException("DynamoDB Local could not listen on " + host + ":" + port + ": " + e.getMessage(), e);
        }
        return new EmbeddedDynamo(server, handler, URI.create("http://" + reachable(host) + ":" + connector.getLocalPort()),
                !inMemory);
    }

    /** Where to send requests, e.g. {@code http://127.0.0.1:41234}. */
    public URI endpoint() {
        return endpoint;
    }

    /** Settings for this server, with the defaults (table name, retention, dummy credentials). */
    public DynamoSettings settings() {
        return DynamoSettings.local(endpoint);
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("DynamoDB Local did not stop cleanly", e);
        } finally {
            handler.close();
            if (fileBacked) {
                awaitSqliteReleased();
            }
        }
    }

    /**
     * Waits for sqlite4java's queue threads to end. The handler's close only asks them to stop; one
     * still holding the database file made a restart on the same directory fail with "database is
     * locked" (a 500 to the first DescribeTable).
     */
    private static void awaitSqliteReleased() {
        long deadline = System.nanoTime() + RELEASE_WAIT.toNanos();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            // A file-backed queue is named after its file; in-memory ones, which hold no file, are left alone.
            if (!thread.getName().startsWith("SQLiteQueue[") || !thread.getName().endsWith(".db]")) {
                continue;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                thread.join(Duration.ofNanos(left));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
