package io.feedline.ports.out;

import io.feedline.ports.model.ContentType;
import io.feedline.ports.model.MediaKey;
import io.feedline.ports.model.StoredMedia;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.Optional;

/**
 * Uploaded media and their previews, as opaque objects under keys Feedline makes. An object is
 * whole or absent: a reader never sees part of a write, and a failed write leaves no object (and
 * an overwritten one as it was). No key may be a segment-prefix of another ({@code a} and
 * {@code a/b}): S3 allows it, but S3-compatible servers built on a file system refuse one of the
 * two, so Feedline's key layout never makes such a pair. Engine failures are
 * {@link io.feedline.ports.model.FeedlineException.StorageUnavailable} with component "media".
 */
public interface MediaStore {

    /**
     * Stores exactly {@code length} bytes of {@code content} under {@code key}, replacing what was
     * there. The stream is read to {@code length} and not closed. A stream that ends before
     * {@code length} bytes is refused with {@link IllegalArgumentException} and stores nothing. The
     * length is required so that an object store can stream the upload instead of buffering it.
     */
    void put(MediaKey key, InputStream content, long length, ContentType contentType);

    /** Stores {@code bytes} under {@code key}, replacing what was there. */
    default void put(MediaKey key, byte[] bytes, ContentType contentType) {
        put(key, new ByteArrayInputStream(bytes), bytes.length, contentType);
    }

    /** The object under {@code key}, or empty; the caller closes what it gets. */
    Optional<StoredMedia> get(MediaKey key);

    /** Whether an object is stored under {@code key}. */
    boolean exists(MediaKey key);

    /** Removes the object under {@code key}; removing a missing one is harmless. */
    void delete(MediaKey key);
}
