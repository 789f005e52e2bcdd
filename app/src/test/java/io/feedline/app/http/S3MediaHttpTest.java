package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The media walk on {@code storage.media = s3}, against a real S3 server in the test JVM (S3Proxy,
 * checking signatures): uploads land in the bucket under the key their URL names after
 * {@code media.public-base-url}, Feedline serves none of them itself, and a deleted post's objects
 * leave the bucket.
 */
class S3MediaHttpTest {
    private static final String BUCKET = "feedline-walk";
    private static final String BASE = "https://cdn.example.org/photos";
    private static S3Proxy proxy;
    private static BlobStore blobs;
    private static App app;
    private static ApiClient api;

    @BeforeAll
    static void start() throws Exception {
        blobs = new TransientNio2BlobStore();
        proxy = S3Proxy.builder().blobStore(blobs).endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, "walk-key", "walk-secret").build();
        try {
            proxy.start();
            await("S3Proxy started").atMost(Duration.ofSeconds(30)).until(() -> "STARTED".equals(proxy.getState()));
        } catch (Exception e) {
            throw new AssertionError("The in-process S3 server (S3Proxy, org.gaul:s3proxy in app's test scope) did not "
                    + "start: " + e + ". It needs nothing installed: run the build once without -o.", e);
        }
        app = TestApps.start(Map.of(
                "storage.media", "s3",
                "media.public-base-url", BASE,
                "media.s3.bucket", BUCKET,
                "media.s3.endpoint", "http://127.0.0.1:" + proxy.getPort(),
                "media.s3.path-style", "true",
                "media.s3.key-prefix", "walk",
                "media.s3.access-key-id", "walk-key",
                "media.s3.secret-access-key", "walk-secret"));
        api = new ApiClient(app.port());
    }

    @AfterAll
    static void stop() throws Exception {
        if (app != null) {
            app.close();
        }
        if (proxy != null) {
            proxy.stop();
        }
    }

    /** The bucket's key of a media URL: the part after the public base URL, under the store's prefix. */
    private static String keyOf(String url) {
        assertThat(url).startsWith(BASE + "/");
        return "walk/" + url.substring(BASE.length() + 1);
    }

    @Test
    void anUploadLandsInTheBucketUnderItsUrlAndLeavesWithItsPost() throws Exception {
        User alice = new Accounts(api).signUp("s3walker");
        Response uploaded = api.post("/media").token(alice.token()).raw(Images.MULTIPART, Images.upload(Images.jpeg(120, 80))).send();
        assertThat(uploaded.status()).as(uploaded.toString()).isEqualTo(201);
        JsonNode media = uploaded.json();
        String url = media.path("url").asText();
        String preview = media.path("previewUrl").asText();

        assertThat(blobs.blobExists(BUCKET, keyOf(url))).as("the original is in the bucket under its URL's key").isTrue();
        try (var original = blobs.getBlob(BUCKET, keyOf(url))) {
            assertThat(original.response().contentType()).isEqualTo("image/jpeg");
            assertThat(Images.size(original.readAllBytes())).containsExactly(120, 80);
        }
        assertThat(blobs.blobExists(BUCKET, keyOf(preview))).isTrue();
        assertThat(MediaHttpTest.fetch(app.port(), "/media/" + url.substring(BASE.length() + 1)).statusCode())
                .as("on s3 Feedline serves no media itself").isEqualTo(404);

        Response posted = api.post("/posts").token(alice.token()).json("mediaIds", List.of(media.path("id").asText())).send();
        assertThat(posted.status()).as(posted.toString()).isEqualTo(201);
        assertThat(api.get("/posts/" + posted.text("id")).send().json().path("media").get(0).path("url").asText()).isEqualTo(url);
        assertThat(api.delete("/posts/" + posted.text("id")).token(alice.token()).send().status()).isEqualTo(204);
        app.drainFanout();

        assertThat(blobs.blobExists(BUCKET, keyOf(url))).as("the deleted post's original left the bucket").isFalse();
        assertThat(blobs.blobExists(BUCKET, keyOf(preview))).isFalse();
    }
}
