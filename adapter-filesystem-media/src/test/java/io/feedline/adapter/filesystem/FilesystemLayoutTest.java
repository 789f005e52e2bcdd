package io.feedline.adapter.filesystem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.ContentType;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.MediaKey;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the filesystem store does on disk, beyond the port's contract. */
class FilesystemLayoutTest {
    private static final ContentType PNG = ContentType.of("image/png");

    @TempDir
    Path dir;

    @Test
    void eachObjectIsOneFileUnderTheRootAndNoTemporaryIsLeft() throws IOException {
        Path root = dir.resolve("media");
        FilesystemMediaStore store = FilesystemMediaStore.open(root);

        store.put(MediaKey.of("a/b/c.png"), "pixels".getBytes(StandardCharsets.UTF_8), PNG);

        assertThat(files(dir)).containsExactly(root.toRealPath().resolve("a/b/c.png@"));
        assertThat(Files.readString(root.resolve("a/b/c.png@"))).endsWith("\npixels");
    }

    @Test
    void aWriteThatFailsHalfwayLeavesNeitherObjectNorTemporaryFile() throws IOException {
        FilesystemMediaStore store = FilesystemMediaStore.open(dir);
        MediaKey key = MediaKey.of("broken/upload");
        InputStream failing = new InputStream() {
            private int sent;

            @Override
            public int read() throws IOException {
                if (sent++ >= 100_000) {
                    throw new IOException("the client went away");
                }
                return 'x';
            }
        };

        assertThatThrownBy(() -> store.put(key, failing, 1_000_000, PNG))
                .isInstanceOf(FeedlineException.StorageUnavailable.class);

        assertThat(store.exists(key)).isFalse();
        assertThat(files(dir)).isEmpty();
    }

    @Test
    void temporaryFilesLeftByACrashAreRemovedAtTheNextOpen() throws IOException {
        FilesystemMediaStore.open(dir);
        Path stale = Files.writeString(dir.resolve(".tmp/crashed.part"), "half");
        Files.setLastModifiedTime(stale, FileTime.from(Instant.now().minus(2, ChronoUnit.HOURS)));
        Path inFlight = Files.writeString(dir.resolve(".tmp/writing.part"), "now");

        FilesystemMediaStore.open(dir);

        assertThat(stale).doesNotExist();
        assertThat(inFlight).exists();
    }

    @Test
    void aLinkUnderTheRootDoesNotLeadAKeyOutOfIt() throws IOException {
        Path root = Files.createDirectories(dir.resolve("media"));
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("secret@"), "feedline-media/1\ntext/plain\nsecret");
        Files.createSymbolicLink(root.resolve("evil"), outside);
        FilesystemMediaStore store = FilesystemMediaStore.open(root);

        assertThatThrownBy(() -> store.get(MediaKey.of("evil/secret")))
                .isInstanceOf(FeedlineException.StorageUnavailable.class).hasMessageContaining("outside");
        assertThatThrownBy(() -> store.put(MediaKey.of("evil/new/file"), new byte[] {1}, PNG))
                .isInstanceOf(FeedlineException.StorageUnavailable.class);
        assertThatThrownBy(() -> store.delete(MediaKey.of("evil/secret")))
                .isInstanceOf(FeedlineException.StorageUnavailable.class);

        try (Stream<Path> left = Files.list(outside)) {
            assertThat(left).containsExactly(outside.resolve("secret@"));
        }
    }

    @Test
    void aFileThatIsNotAnObjectIsReportedNotServed() throws IOException {
        FilesystemMediaStore store = FilesystemMediaStore.open(dir);
        Files.createDirectories(dir.resolve("odd"));
        Files.writeString(dir.resolve("odd/file@"), "GIF89a... written by something else");

        assertThatThrownBy(() -> store.get(MediaKey.of("odd/file")))
                .isInstanceOf(FeedlineException.StorageUnavailable.class).hasMessageContaining("not a media object");
    }

    /** Every regular file under {@code base}, the store's own temporary folder included. */
    private static List<Path> files(Path base) throws IOException {
        try (Stream<Path> walk = Files.walk(base)) {
            return walk.filter(Files::isRegularFile).map(FilesystemLayoutTest::real).toList();
        }
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
