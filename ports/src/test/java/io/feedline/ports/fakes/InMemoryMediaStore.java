package io.feedline.ports.fakes;

import io.feedline.ports.model.ContentType;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.MediaKey;
import io.feedline.ports.model.StoredMedia;
import io.feedline.ports.out.MediaStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Media in a map, for the domain's tests. */
public final class InMemoryMediaStore implements MediaStore {
    private record Entry(byte[] bytes, ContentType type) {}

    private final Map<MediaKey, Entry> objects = new ConcurrentHashMap<>();
    private volatile boolean deletesFail;

    @Override
    public void put(MediaKey key, InputStream content, long length, ContentType contentType) {
        if (length < 0 || length > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("length out of range: " + length);
        }
        byte[] bytes;
        try {
            bytes = content.readNBytes((int) length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (bytes.length < length) {
            throw new IllegalArgumentException("the stream ended after " + bytes.length + " of " + length + " bytes");
        }
        objects.put(key, new Entry(bytes, contentType));
    }

    @Override
    public Optional<StoredMedia> get(MediaKey key) {
        return Optional.ofNullable(objects.get(key))
                .map(e -> new StoredMedia(new ByteArrayInputStream(e.bytes()), e.type(), e.bytes().length));
    }

    @Override
    public boolean exists(MediaKey key) {
        return objects.containsKey(key);
    }

    @Override
    public void delete(MediaKey key) {
        if (deletesFail) {
            throw new FeedlineException.StorageUnavailable("media", "deletes are failing", null);
        }
        objects.remove(key);
    }

    /** Makes every delete fail (as a store that is down does) until set back. */
    public void failDeletes(boolean fail) {
        this.deletesFail = fail;
    }

    /** How many objects are stored, for tests that check nothing is left behind. */
    public int size() {
        return objects.size();
    }
}
