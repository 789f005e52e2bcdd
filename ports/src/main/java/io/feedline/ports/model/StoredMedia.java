package io.feedline.ports.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * One object read from a {@link io.feedline.ports.out.MediaStore}: its bytes as a stream the caller
 * must close, the content type it was stored with and its length in bytes. The stream reads the
 * object as it was when it was opened, even if it is overwritten or deleted meanwhile.
 */
public record StoredMedia(InputStream content, ContentType contentType, long length) implements AutoCloseable {

    public StoredMedia {
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(contentType, "contentType");
        if (length < 0) {
            throw new IllegalArgumentException("length must not be negative");
        }
    }

    /** Reads the whole object and closes the stream; for small objects only. */
    public byte[] readAllBytes() {
        try (InputStream in = content) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            content.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
