package io.feedline.testsupport;

import com.amazonaws.services.dynamodbv2.local.server.LocalDynamoDBRequestHandler;
import com.amazonaws.services.dynamodbv2.local.server.LocalDynamoDBServerHandler;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * DynamoDB Local in this JVM, in memory, as a real HTTP endpoint on a loopback port the OS picks:
 * nothing to install, and the adapter under test talks to it through the same SDK client and
 * interceptors as to AWS. One database whatever the region and credentials of a client; it sends no
 * telemetry. Tests share {@link #shared()} (with tables of their own) or start one to themselves.
 */
public final class DynamoLocal implements AutoCloseable {
    // DynamoDB Local's SQLite layer logs every connection it opens at INFO; held here so the level sticks.
    private static final Logger SQLITE_LOG = Logger.getLogger("com.almworks.sqlite4java");
    /** Region of {@link #client()}; DynamoDB Local accepts any. */
    public static final String REGION = "us-east-1";

    static {
        SQLITE_LOG.setLevel(Level.WARNING);
    }

    private static DynamoLocal shared;

    private final Server server;
    private final LocalDynamoDBServerHandler handler;
    private final URI endpoint;

    private DynamoLocal(Server server, LocalDynamoDBServerHandler handler, URI endpoint) {
        this.server = server;
        this.handler = handler;
        this.endpoint = endpoint;
    }

    /** The one server of this JVM, started on the first call and left to the JVM's exit. */
    public static synchronized DynamoLocal shared() {
        if (shared == null) {
            shared = start();
        }
        return shared;
    }

    /**
     * A server of the caller's own, empty; close it when done.
     *
     * @throws IllegalStateException if it does not start, saying what to check
     */
    public static DynamoLocal start() {
        LocalDynamoDBServerHandler handler;
        try {
            handler = new LocalDynamoDBServerHandler(new LocalDynamoDBRequestHandler(0, true, null, true, false), null);
        } catch (Exception e) {
            throw new IllegalStateException("DynamoDB Local did not start in this JVM. It comes with the build's "
                    + "dependencies (com.amazonaws:DynamoDBLocal): check that they resolved and that the temp directory "
                    + "is writable for its native SQLite library: " + e.getMessage(), e);
        }
        // Loopback only, on a port the OS picks (DynamoDB Local's own launcher binds every interface).
        Server server = new Server(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        server.setHandler(handler);
        try {
            server.start();
        } catch (Exception e) {
            handler.close();
            throw new IllegalStateException("DynamoDB Local could not listen on loopback: " + e.getMessage(), e);
        }
        int port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
        return new DynamoLocal(server, handler,
                URI.create("http://" + InetAddress.getLoopbackAddress().getHostAddress() + ":" + port));
    }

    /** Where to send requests, e.g. {@code http://127.0.0.1:41234}. */
    public URI endpoint() {
        return endpoint;
    }

    /** A plain SDK client on this server (fixed dummy credentials), for shaping tables and reading raw items. */
    public DynamoDbClient client() {
        return DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(Region.of(REGION))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClientBuilder(ApacheHttpClient.builder())
                .build();
    }

    /** Stops it. DynamoDB Local leaves non-daemon threads behind: a process that used it should exit explicitly. */
    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("DynamoDB Local did not stop cleanly", e);
        } finally {
            handler.close();
        }
    }
}
