package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.ContentType;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.MediaKey;
import io.feedline.ports.model.StoredMedia;
import io.feedline.ports.out.MediaStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What every {@link MediaStore} must do. Each test writes under keys of its own, so stores may be shared. */
public abstract class MediaStoreContract {
    private static final ContentType JPEG = ContentType.of("image/jpeg");
    private static final ContentType PNG = ContentType.of("image/png");

    /** The store under test; called at most once per test. */
    protected abstract MediaStore mediaStore();

    private static MediaKey freshKey(String name) {
        return MediaKey.of(freshPrefix() + name);
    }

    private static String freshPrefix() {
        return "contract/" + TestIds.postId().value() + "/";
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void whatIsPutIsReadBackWithItsTypeAndLength() {
        MediaStore store = mediaStore();
        MediaKey key = freshKey("original.jpg");
        byte[] body = bytes("not really a jpeg, but the store does not look");

        store.put(key, body, JPEG);

        try (StoredMedia read = store.get(key).orElseThrow()) {
            assertThat(read.contentType()).isEqualTo(JPEG);
            assertThat(read.length()).isEqualTo(body.length);
            assertThat(read.readAllBytes()).isEqualTo(body);
        }
        assertThat(store.exists(key)).isTrue();
    }

    @Test
    void anOverwriteReplacesBytesAndType() {
        MediaStore store = mediaStore();
        MediaKey key = freshKey("avatar");
        store.put(key, bytes("the first, longer version of the object"), JPEG);

        store.put(key, bytes("second"), PNG);

        try (StoredMedia read = store.get(key).orElseThrow()) {
            assertThat(read.contentType()).isEqualTo(PNG);
            assertThat(read.length()).isEqualTo(6);
            assertThat(read.readAllBytes()).isEqualTo(bytes("second"));
        }
    }

    @Test
    void aMissingKeyIsAbsent() {
        MediaStore store = mediaStore();
        MediaKey stored = freshKey("here");
        store.put(stored, bytes("x"), PNG);

        MediaKey missing = freshKey("not-here");
        assertThat(store.get(missing)).isEmpty();
        assertThat(store.exists(missing)).isFalse();
    }

    @Test
    void deleteRemovesTheObjectAndIsHarmlessWhenRepeated() {
        MediaStore store = mediaStore();
        MediaKey key = freshKey("gone.png");
        MediaKey neighbour = freshKey("kept.png");
        store.put(key, bytes("delete me"), PNG);
        store.put(neighbour, bytes("keep me"), PNG);

        store.delete(key);
        store.delete(key);
        store.delete(freshKey("never-stored"));

        assertThat(store.exists(key)).isFalse();
        assertThat(store.get(key)).isEmpty();
        assertThat(store.get(neighbour).orElseThrow().readAllBytes()).isEqualTo(bytes("keep me"));
    }

    @Test
    void anEmptyObjectIsAnObject() {
        MediaStore store = mediaStore();
        MediaKey key = freshKey("empty");

        store.put(key, new byte[0], ContentType.OCTET_STREAM);

        try (StoredMedia read = store.get(key).orElseThrow()) {
            assertThat(read.length()).isZero();
            assertThat(read.readAllBytes()).isEmpty();
        }
        assertThat(store.exists(key)).isTrue();
    }

    @ParameterizedTest(name = "{0} is kept")
    @ValueSource(strings = {"image/jpeg", "image/png", "image/gif", "image/webp", "video/mp4", "application/octet-stream"})
    void theContentTypeIsKept(String type) {
        MediaStore store = mediaStore();
        MediaKey key = freshKey("typed");

        store.put(key, bytes("body"), ContentType.of(type));

        try (StoredMedia read = store.get(key).orElseThrow()) {
            assertThat(read.contentType().value()).isEqualTo(type);
        }
    }

    /** 5 MB generated on the fly, compared by digest: neither side holds the object whole. */
    @Test
    void aLargeObjectIsStreamedInAndOut() throws IOException {
        MediaStore store = mediaStore();
        MediaKey key = freshKey("large.bin");
        long length = 5L * 1024 * 1024 + 17;
        GeneratedStream upload = new GeneratedStream(length, 47);

        store.put(key, upload, length, ContentType.OCTET_STREAM);

        byte[] sent = upload.digest();
        try (StoredMedia read = store.get(key).orElseThrow()) {
            assertThat(read.length()).isEqualTo(length);
            MessageDigest received = sha256();
            byte[] buffer = new byte[64 * 1024];
            long total = 0;
            for (int n; (n = read.content().read(buffer)) >= 0; ) {
                received.update(buffer, 0, n);
                total += n;
            }
            assertThat(total).isEqualTo(length);
            assertThat(received.digest()).isEqualTo(sent);
        }
    }

    @Test
    void onlyTheStatedLengthIsStored() {
        MediaStore store = mediaStore();
        MediaKey key = freshKey("prefix");
        InputStream longer = new ByteArrayInputStream(bytes("keep-this|not this"));

        store.put(key, longer, 9, PNG);

        assertThat(store.get(key).orElseThrow().readAllBytes()).isEqualTo(bytes("keep-this"));
    }

    @Test
    void aStreamShorterThanItsLengthStoresNothing() {
        MediaStore store = mediaStore();
        MediaKey key = freshKey("short");
        InputStream shorter = new ByteArrayInputStream(bytes("only 12 byte"));

        assertThatThrownBy(() -> store.put(key, shorter, 1000, PNG)).isInstanceOf(IllegalArgumentException.class);

        assertThat(store.exists(key)).isFalse();
        assertThat(store.get(key)).isEmpty();
    }

    @Test
    void aShortOverwriteLeavesTheObjectAsItWas() {
        MediaStore store = mediaStore();
        MediaKey key = freshKey("kept-on-failure");
        store.put(key, bytes("version one"), JPEG);

        assertThatThrownBy(() -> store.put(key, new ByteArrayInputStream(bytes("v2")), 500, PNG))
                .isInstanceOf(IllegalArgumentException.class);

        try (StoredMedia read = store.get(key).orElseThrow()) {
            assertThat(read.contentType()).isEqualTo(JPEG);
            assertThat(read.readAllBytes()).isEqualTo(bytes("version one"));
        }
    }

    @Test
    void readersSeeOneWholeVersionWhileItIsOverwritten() {
        MediaStore store = mediaStore();
        MediaKey key = freshKey("raced");
        int size = 256 * 1024;
        byte[] a = filled(size, 'a');
        byte[] b = filled(size, 'b');
        store.put(key, a, PNG);

        List<Concurrently.Outcome<Boolean>> outcomes = Concurrently.run(6, i -> {
            for (int round = 0; round < 8; round++) {
                if (i < 2) {
                    store.put(key, (round + i) % 2 == 0 ? b : a, PNG);
                } else {
                    byte[] read = store.get(key).orElseThrow().readAllBytes();
                    if (!Arrays.equals(read, a) && !Arrays.equals(read, b)) {
                        return false;
                    }
                }
            }
            return true;
        });

        assertThat(outcomes).allSatisfy(o -> {
            assertThat(o.error()).as("a racing put or get failed").isNull();
            assertThat(o.value()).as("a read saw a mix of two versions or a partial object").isTrue();
        });
    }

    @ParameterizedTest(name = "''{0}'' is refused")
    @ValueSource(strings = {"", "/etc/passwd", "../escape", "a/../../b", "a/..", "..", "a..b", "a//b", "a/", "./a",
            ".hidden", "a/.b", "a\\b", "C:/x", "a b", "a\u0000b", "a\nb", "%2e%2e/x", "café"})
    void aBadKeyIsRefusedBeforeAnyStoreSeesIt(String key) {
        assertThatThrownBy(() -> MediaKey.of(key))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("key"));
    }

    @Test
    void theLongestKeyIsStored() {
        MediaStore store = mediaStore();
        StringBuilder key = new StringBuilder(freshPrefix());
        while (key.length() < MediaKey.MAX_LENGTH) {
            int room = MediaKey.MAX_LENGTH - key.length();
            key.append("x".repeat(Math.min(MediaKey.MAX_SEGMENT, room)));
            if (key.length() < MediaKey.MAX_LENGTH - 1) {
                key.append('/');
            }
        }
        MediaKey longest = MediaKey.of(key.toString());

        store.put(longest, bytes("long"), PNG);

        assertThat(store.get(longest).map(StoredMedia::readAllBytes)).hasValueSatisfying(v -> assertThat(v).isEqualTo(bytes("long")));
        assertThat(longest.value()).hasSize(MediaKey.MAX_LENGTH);
        assertThatThrownBy(() -> MediaKey.of(longest.value() + "x")).isInstanceOf(FeedlineException.InvalidInput.class);
        assertThatThrownBy(() -> MediaKey.of("a/" + "y".repeat(MediaKey.MAX_SEGMENT + 1))).isInstanceOf(FeedlineException.InvalidInput.class);
    }

    @Test
    void keysThatLookAlikeAreDistinct() {
        MediaStore store = mediaStore();
        String base = freshPrefix();
        List<MediaKey> keys = List.of(
                MediaKey.of(base + "a.b"), MediaKey.of(base + "a_b"), MediaKey.of(base + "a-b"), MediaKey.of(base + "a/b"));
        for (MediaKey key : keys) {
            store.put(key, bytes(key.value()), PNG);
        }

        for (MediaKey key : keys) {
            assertThat(store.get(key).map(StoredMedia::readAllBytes)).get().isEqualTo(bytes(key.value()));
        }
        assertThat(store.exists(MediaKey.of(base + "a"))).isFalse();
    }

    private static byte[] filled(int size, char c) {
        byte[] bytes = new byte[size];
        Arrays.fill(bytes, (byte) c);
        return bytes;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    /** Pseudo-random bytes made as they are read, digested on the way. */
    private static final class GeneratedStream extends InputStream {
        private final SplittableRandom random;
        private final MessageDigest digest = sha256();
        private long remaining;

        GeneratedStream(long length, long seed) {
            this.remaining = length;
            this.random = new SplittableRandom(seed);
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (remaining == 0) {
                return -1;
            }
            int n = (int) Math.min(len, remaining);
            for (int i = 0; i < n; i++) {
                b[off + i] = (byte) random.nextInt(256);
            }
            digest.update(b, off, n);
            remaining -= n;
            return n;
        }

        byte[] digest() {
            assertThat(remaining).as("the store read the whole stream").isZero();
            return digest.digest();
        }
    }
}
