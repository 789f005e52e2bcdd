package io.feedline.adapter.filesystem;

import io.feedline.ports.model.ContentType;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.MediaKey;
import io.feedline.ports.model.StoredMedia;
import io.feedline.ports.out.MediaStore;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/**
 * Media as files under one root directory (the embedded profile's data directory). Each object is
 * one file, written whole to {@code .tmp/} under the root, forced to disk and renamed over its place,
 * so a reader sees the old object or the new one, never part of one, and a crash leaves at most a
 * temporary file. The file holds its content type and then the bytes ({@link ObjectFile}): one
 * rename keeps the two together.
 *
 * <p>An object's file is its key plus {@value ObjectFile#SUFFIX}, a character no key may hold, so a
 * key and a key below it ({@code a} and {@code a/b}) never need the same name as file and directory.
 * Keys cannot start with a dot, so {@code .tmp} is no object's.
 */
public final class FilesystemMediaStore implements MediaStore {
    private static final String COMPONENT = "media";
    private static final String TEMP = ".tmp";
    /** A temporary file this old was left by a crash, not by a write in progress. */
    private static final Duration STALE_TEMP = Duration.ofHours(1);
    private static final int COPY_BUFFER = 64 * 1024;

    private final Path root;
    private final Path temp;

    private FilesystemMediaStore(Path root) {
        this.root = root;
        this.temp = root.resolve(TEMP);
    }

    /**
     * Opens (creating if needed) the store under {@code root}, removing temporary files a crash left
     * behind.
     */
    public static FilesystemMediaStore open(Path root) {
        return open(root, Clock.systemUTC());
    }

    static FilesystemMediaStore open(Path root, Clock clock) {
        try {
            Files.createDirectories(root);
            Path real = root.toRealPath();
            FilesystemMediaStore store = new FilesystemMediaStore(real);
            Files.createDirectories(store.temp);
            store.removeStaleTemporaries(clock);
            return store;
        } catch (IOException e) {
            throw unavailable("cannot open the media directory " + root, e);
        }
    }

    /** The directory the objects live under. */
    public Path root() {
        return root;
    }

    @Override
    public void put(MediaKey key, InputStream content, long length, ContentType contentType) {
        if (length < 0) {
            throw new IllegalArgumentException("length must not be negative: " + length);
        }
        Path target = pathOf(key);
        Path partial = temp.resolve(UUID.randomUUID() + ".part");
        boolean moved = false;
        try {
            try (FileChannel out = FileChannel.open(partial, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                write(out, ByteBuffer.wrap(ObjectFile.header(contentType)));
                copyExactly(content, length, out);
                out.force(true);
            }
            // Checked before and after: no directory is made through a link that leads out of the root.
            requireInsideRoot(nearestExisting(target.getParent()).toRealPath(), key);
            Files.createDirectories(target.getParent());
            requireInsideRoot(target.getParent().toRealPath(), key);
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            moved = true;
        } catch (IOException e) {
            throw unavailable("cannot write " + key, e);
        } finally {
            if (!moved) {
                deleteQuietly(partial);
            }
        }
    }

    @Override
    public Optional<StoredMedia> get(MediaKey key) {
        Path file = pathOf(key);
        InputStream in = null;
        try {
            if (!parentInsideRoot(file, key)) {
                return Optional.empty();
            }
            // The size and the bytes come from one open file: a rename or delete meanwhile leaves
            // this reader on the object it opened.
            FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
            in = new BufferedInputStream(Channels.newInputStream(channel));
            long size = channel.size();
            ObjectFile.Header header = ObjectFile.readHeader(in, key);
            return Optional.of(new StoredMedia(in, header.contentType(), size - header.length()));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            closeQuietly(in);
            if (e instanceof FeedlineException fe) {
                throw fe;
            }
            throw unavailable("cannot read " + key, e);
        }
    }

    @Override
    public boolean exists(MediaKey key) {
        Path file = pathOf(key);
        try {
            return parentInsideRoot(file, key) && Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw unavailable("cannot look up " + key, e);
        }
    }

    @Override
    public void delete(MediaKey key) {
        try {
            Path file = pathOf(key);
            if (parentInsideRoot(file, key)) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw unavailable("cannot delete " + key, e);
        }
    }

    private Path pathOf(MediaKey key) {
        // The key's shape already rules out '..' and absolute paths; this is the second lock.
        Path path = root.resolve(key.value() + ObjectFile.SUFFIX).normalize();
        requireInsideRoot(path, key);
        return path;
    }

    /**
     * Whether the object's directory exists, checked to be inside the root with every link followed,
     * so that a link planted under the root cannot lead a key out of it.
     */
    private boolean parentInsideRoot(Path file, MediaKey key) throws IOException {
        Path real;
        try {
            real = file.getParent().toRealPath();
        } catch (NoSuchFileException e) {
            return false;
        }
        requireInsideRoot(real, key);
        return true;
    }

    private Path nearestExisting(Path dir) {
        Path existing = dir;
        while (!Files.exists(existing) && existing.startsWith(root) && !existing.equals(root)) {
            existing = existing.getParent();
        }
        return existing;
    }

    private void requireInsideRoot(Path path, MediaKey key) {
        if (!path.startsWith(root) || path.startsWith(temp)) {
            throw unavailable("the key " + key + " resolves outside the media directory", null);
        }
    }

    private static void copyExactly(InputStream in, long length, FileChannel out) throws IOException {
        byte[] buffer = new byte[(int) Math.min(COPY_BUFFER, Math.max(1, length))];
        long remaining = length;
        while (remaining > 0) {
            int n = in.read(buffer, 0, (int) Math.min(buffer.length, remaining));
            if (n < 0) {
                throw new IllegalArgumentException(
                        "the stream ended after " + (length - remaining) + " of " + length + " bytes");
            }
            write(out, ByteBuffer.wrap(buffer, 0, n));
            remaining -= n;
        }
    }

    private static void write(FileChannel out, ByteBuffer bytes) throws IOException {
        while (bytes.hasRemaining()) {
            out.write(bytes);
        }
    }

    private void removeStaleTemporaries(Clock clock) throws IOException {
        FileTime cutoff = FileTime.from(clock.instant().minus(STALE_TEMP));
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(temp)) {
            for (Path entry : entries) {
                if (Files.getLastModifiedTime(entry, LinkOption.NOFOLLOW_LINKS).compareTo(cutoff) < 0) {
                    deleteQuietly(entry);
                }
            }
        }
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // A leftover temporary file is removed at the next open once it is stale.
        }
    }

    private static void closeQuietly(InputStream in) {
        if (in != null) {
            try {
                in.close();
            } catch (IOException ignored) {
                // Nothing was handed out; the failure being reported is the one that matters.
            }
        }
    }

    private static FeedlineException.StorageUnavailable unavailable(String message, Throwable cause) {
        return new FeedlineException.StorageUnavailable(COMPONENT, message, cause);
    }

    @Override
    public String toString() {
        return "FilesystemMediaStore[" + root + "]";
    }
}
