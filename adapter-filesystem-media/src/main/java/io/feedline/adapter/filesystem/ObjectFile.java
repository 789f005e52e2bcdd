package io.feedline.adapter.filesystem;

import io.feedline.ports.model.ContentType;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.MediaKey;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The layout of one object's file: a version line, the content type on a line of its own, then the
 * object's bytes untouched. Both lines are ASCII; the whole header is at most a few hundred bytes.
 */
final class ObjectFile {
    /** Appended to a key to name its file; no key may contain it. */
    static final String SUFFIX = "@";

    private static final String MAGIC = "feedline-media/1\n";
    private static final int MAX_HEADER = MAGIC.length() + 256;

    record Header(ContentType contentType, int length) {}

    private ObjectFile() {}

    static byte[] header(ContentType type) {
        return (MAGIC + type.value() + "\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** Reads the header off {@code in}, leaving it at the object's first byte. */
    static Header readHeader(InputStream in, MediaKey key) throws IOException {
        StringBuilder read = new StringBuilder();
        int lines = 0;
        while (lines < 2) {
            int c = in.read();
            if (c < 0 || read.length() >= MAX_HEADER) {
                throw damaged(key);
            }
            read.append((char) c);
            if (c == '\n') {
                lines++;
            }
        }
        String text = read.toString();
        if (!text.startsWith(MAGIC)) {
            throw damaged(key);
        }
        try {
            ContentType type = ContentType.of(text.substring(MAGIC.length(), text.length() - 1));
            return new Header(type, text.length());
        } catch (FeedlineException.InvalidInput e) {
            throw damaged(key);
        }
    }

    private static FeedlineException.StorageUnavailable damaged(MediaKey key) {
        return new FeedlineException.StorageUnavailable("media", "the file of " + key + " is not a media object", null);
    }
}
