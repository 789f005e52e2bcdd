package io.feedline.app.bootstrap;

import io.feedline.adapter.dynamodb.EmbeddedDynamo;
import io.feedline.ports.model.FeedlineException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code feedline dynamodb-local}: DynamoDB Local as a server that other Feedline processes share,
 * so that the polyglot profile (several {@code serve} instances and {@code worker}s) runs on one
 * machine with nothing but this jar. It is the same server the embedded profile runs in-process.
 */
public final class DynamoLocalServer implements AutoCloseable {
    private final EmbeddedDynamo server;
    private final String storage;

    private DynamoLocalServer(EmbeddedDynamo server, String storage) {
        this.server = server;
        this.storage = storage;
    }

    /**
     * Starts the server on {@code host}:{@code port} (0: a free port), keeping its data in one file
     * under {@code dataDir}, or in memory when it is empty.
     */
    public static DynamoLocalServer start(String host, int port, Optional<Path> dataDir) {
        if (port < 0 || port > 65_535) {
            throw new InvalidConfiguration("--port must be from 0 to 65535, got " + port);
        }
        try {
            return dataDir
                    .map(dir -> new DynamoLocalServer(EmbeddedDynamo.fileBacked(dir, host, port),
                            "file-backed under " + dir.toAbsolutePath().normalize()))
                    .orElseGet(() -> new DynamoLocalServer(EmbeddedDynamo.inMemory(host, port), "in memory"));
        } catch (IllegalStateException | UncheckedIOException e) {
            // A port in use or a data directory that cannot be written: one line, no stack trace.
            throw new FeedlineException.StorageUnavailable("dynamodb-local", e.getMessage(), e);
        }
    }

    /** The URL to give other processes as {@code dynamodb.endpoint}. */
    public URI endpoint() {
        return server.endpoint();
    }

    /** Where the data lives, in words. */
    public String storage() {
        return storage;
    }

    @Override
    public void close() {
        server.close();
    }
}
