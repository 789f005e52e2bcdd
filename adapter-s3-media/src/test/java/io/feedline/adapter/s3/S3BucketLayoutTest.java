package io.feedline.adapter.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.ContentType;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.MediaKey;
import io.feedline.ports.model.StoredMedia;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/** What the S3 store does in the bucket and on failure, beyond the port's contract. */
class S3BucketLayoutTest {
    private static final String BUCKET = "feedline-layout";
    private static final ContentType PNG = ContentType.of("image/png");

    private static String unique() {
        return UUID.randomUUID().toString();
    }

    @Test
    void objectsLiveUnderTheKeyPrefixWithTheirContentType() {
        String prefix = "site-" + unique();
        S3TestServer server = S3TestServer.shared();
        S3MediaStore store = server.store(BUCKET, prefix, true);

        store.put(MediaKey.of("media/1/original.png"), "png".getBytes(StandardCharsets.UTF_8), PNG);

        try (S3Client raw = S3MediaStore.client(server.settings(BUCKET, "", true))) {
            assertThat(raw.listObjectsV2(b -> b.bucket(BUCKET).prefix(prefix + "/")).contents())
                    .extracting(S3Object::key).containsExactly(prefix + "/media/1/original.png");
            assertThat(raw.headObject(b -> b.bucket(BUCKET).key(prefix + "/media/1/original.png")).contentType())
                    .isEqualTo("image/png");
        }
    }

    @Test
    void twoPrefixesInOneBucketDoNotSeeEachOther() {
        S3TestServer server = S3TestServer.shared();
        S3MediaStore one = server.store(BUCKET, "one-" + unique(), true);
        S3MediaStore two = server.store(BUCKET, "two-" + unique(), false);
        MediaKey key = MediaKey.of("avatar");

        one.put(key, new byte[] {1}, PNG);

        assertThat(one.exists(key)).isTrue();
        assertThat(two.exists(key)).isFalse();
        two.delete(key);
        assertThat(one.exists(key)).isTrue();
    }

    @Test
    void anObjectWrittenByAnotherToolWithParametersReadsAsItsBareType() {
        S3TestServer server = S3TestServer.shared();
        String prefix = "tool-" + unique();
        S3MediaStore store = server.store(BUCKET, prefix, true);
        try (S3Client raw = S3MediaStore.client(server.settings(BUCKET, "", true))) {
            raw.putObject(b -> b.bucket(BUCKET).key(prefix + "/a.txt").contentType("Text/Plain; charset=utf-8"),
                    RequestBody.fromString("hello"));
            raw.putObject(b -> b.bucket(BUCKET).key(prefix + "/b"), RequestBody.fromString("no type"));
        }

        try (StoredMedia a = store.get(MediaKey.of("a.txt")).orElseThrow()) {
            assertThat(a.contentType().value()).isEqualTo("text/plain");
        }
        try (StoredMedia b = store.get(MediaKey.of("b")).orElseThrow()) {
            assertThat(b.readAllBytes()).isEqualTo("no type".getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void aMissingBucketIsAStorageFailureNotAMissingObject() {
        S3MediaStore store = S3MediaStore.open(S3TestServer.shared().settings("no-such-bucket-" + unique().substring(0, 8), "", true));

        assertThatThrownBy(() -> store.put(MediaKey.of("x"), new byte[] {1}, PNG))
                .isInstanceOfSatisfying(FeedlineException.StorageUnavailable.class, e -> assertThat(e.component()).isEqualTo("media"));
        // A HEAD's 404 has no body to tell bucket from key, so exists() cannot see it; a read can.
        assertThatThrownBy(() -> store.get(MediaKey.of("x"))).isInstanceOf(FeedlineException.StorageUnavailable.class);
    }

    @Test
    void anUnreachableServerIsAStorageFailure() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        S3MediaStore store = S3MediaStore.open(new S3MediaSettings(Optional.of(URI.create("http://127.0.0.1:" + closed)), "us-east-1",
                "feedline-media", "", true, Optional.of(new S3MediaSettings.AccessKey("a", "b")), Duration.ofSeconds(5)));

        assertThatThrownBy(() -> store.get(MediaKey.of("x")))
                .isInstanceOfSatisfying(FeedlineException.StorageUnavailable.class, e -> assertThat(e.component()).isEqualTo("media"));
        assertThatThrownBy(() -> store.delete(MediaKey.of("x"))).isInstanceOf(FeedlineException.StorageUnavailable.class);
    }

    @ParameterizedTest(name = "bucket ''{0}'' is refused")
    @ValueSource(strings = {"", "ab", "Upper", "under_score", "-dash", "dot.", "a..b", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"})
    void badBucketNamesAreRefusedNamingTheKey(String bucket) {
        assertThatThrownBy(() -> S3MediaSettings.aws("eu-west-1", bucket, ""))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("media.s3.bucket"));
    }

    @ParameterizedTest(name = "prefix ''{0}'' is refused")
    @ValueSource(strings = {"/abs", "trailing/", "../up", "a//b"})
    void badKeyPrefixesAreRefusedNamingTheKey(String prefix) {
        assertThatThrownBy(() -> S3MediaSettings.aws("eu-west-1", "feedline-media", prefix))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("media.s3.key-prefix"));
    }

    @Test
    void theSecretNeverShows() {
        assertThat(new S3MediaSettings.AccessKey("id", "hunter2")).hasToString("AccessKey[id=id, secret=***]");
    }
}
