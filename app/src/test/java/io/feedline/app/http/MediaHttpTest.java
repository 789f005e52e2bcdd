package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Uploads on the native API: {@code POST /media}, {@code mediaIds} on a post, media in every post, and the files served. */
class MediaHttpTest {
    private static final String SECRET = "not for the web";

    private static App app;
    private static ApiClient api;
    private static Accounts accounts;
    /** An app whose uploads may be 8 KiB at most, with its files in a folder of this test's. */
    private static App small;
    private static ApiClient smallApi;

    @TempDir
    static Path folder;

    @BeforeAll
    static void start() throws IOException {
        app = TestApps.shared();
        api = new ApiClient(app.port());
        accounts = new Accounts(api);
        Files.writeString(folder.resolve("secret.txt"), SECRET);
        small = TestApps.start(Map.of("media.max-image-bytes", "8KiB", "media.directory", folder.resolve("store").toString()));
        smallApi = new ApiClient(small.port());
    }

    @AfterAll
    static void stop() {
        small.close();
    }

    private static Response upload(ApiClient client, User user, byte[] body) {
        return client.post("/media").token(user.token()).raw(Images.MULTIPART, body).send();
    }

    /** The bytes under {@code path} on the server at {@code port}, fetched as a browser would. */
    static HttpResponse<byte[]> fetch(int port, String path) {
        try (HttpClient client = HttpClient.newHttpClient()) {
            return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void anUploadIsProcessedStoredAndServedWithLongLivedHeaders() {
        User alice = accounts.signUp("uploader");

        Response uploaded = upload(api, alice, Images.upload(Images.png(300, 200), "description", "two halves, orange and blue"));

        assertThat(uploaded.status()).as(uploaded.toString()).isEqualTo(201);
        JsonNode media = uploaded.json();
        assertThat(media.path("type").asText()).isEqualTo("image");
        assertThat(media.path("width").asInt()).isEqualTo(300);
        assertThat(media.path("height").asInt()).isEqualTo(200);
        assertThat(media.path("description").asText()).isEqualTo("two halves, orange and blue");
        assertThat(media.path("meta").path("original").path("size").asText()).isEqualTo("300x200");
        assertThat(media.path("blurhash").asText()).isNotEmpty();
        assertThat(media.path("url").asText()).startsWith("/media/");

        HttpResponse<byte[]> original = fetch(app.port(), media.path("url").asText());
        assertThat(original.statusCode()).isEqualTo(200);
        assertThat(original.headers().firstValue("Content-Type")).contains("image/png");
        assertThat(original.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
        assertThat(original.headers().firstValue("Cache-Control")).contains("public, max-age=31536000, immutable");
        assertThat(original.headers().firstValue("Content-Disposition")).contains("inline");
        assertThat(Images.size(original.body())).containsExactly(300, 200);
        HttpResponse<byte[]> preview = fetch(app.port(), media.path("previewUrl").asText());
        assertThat(preview.statusCode()).isEqualTo(200);
        assertThat(Images.size(preview.body())[0]).isLessThanOrEqualTo(640);
    }

    @Test
    void anUploadMayBeLargerThanTheRequestLimitOfOtherRoutes() {
        User alice = accounts.signUp("bigupload");
        byte[] png = Images.noisyPng(300, 300, 7);
        assertThat(png.length).as("past http.max-request-size").isGreaterThan(128 * 1024);

        Response uploaded = upload(api, alice, Images.upload(png));

        assertThat(uploaded.status()).as(uploaded.toString()).isEqualTo(201);
    }

    @Test
    void aPostCarriesItsMediaInEveryListAndMayHaveNoText() {
        User alice = accounts.signUp("poster");
        User bob = accounts.signUp("follower");
        assertThat(api.put("/users/" + alice.username() + "/follow").token(bob.token()).send().status()).isEqualTo(200);
        String first = upload(api, alice, Images.upload(Images.png(40, 40))).text("id");
        String second = upload(api, alice, Images.upload(Images.jpeg(64, 32))).text("id");

        Response posted = api.post("/posts").token(alice.token()).json("mediaIds", List.of(second, first)).send();
        app.drainFanout();

        assertThat(posted.status()).as(posted.toString()).isEqualTo(201);
        assertThat(posted.text("text")).isEmpty();
        assertThat(ids(posted.json().path("media"))).containsExactly(second, first);
        String post = posted.text("id");
        assertThat(ids(api.get("/posts/" + post).send().json().path("media"))).containsExactly(second, first);
        JsonNode inFeed = api.get("/feed").token(bob.token()).send().json().path("items").get(0);
        assertThat(inFeed.path("id").asText()).isEqualTo(post);
        assertThat(ids(inFeed.path("media"))).containsExactly(second, first);
        assertThat(inFeed.path("media").get(0).path("width").asInt()).isEqualTo(64);
        JsonNode byAuthor = api.get("/users/" + alice.username() + "/posts").send().json().path("items").get(0);
        assertThat(ids(byAuthor.path("media"))).containsExactly(second, first);
        assertThat(api.post("/posts").token(bob.token()).json("text", "plain").send().json().path("media").isEmpty())
                .as("a post without media lists none").isTrue();
    }

    @Test
    void deletingAPostDeletesItsMediaFromTheStore() throws IOException {
        Accounts smallAccounts = new Accounts(smallApi);
        User alice = smallAccounts.signUp("deleter");
        JsonNode photo = upload(smallApi, alice, Images.upload(Images.png(40, 40))).json();
        Response posted = smallApi.post("/posts").token(alice.token()).json("mediaIds", List.of(photo.path("id").asText())).send();
        assertThat(posted.status()).as(posted.toString()).isEqualTo(201);
        small.drainFanout();
        assertThat(fetch(small.port(), photo.path("url").asText()).statusCode()).isEqualTo(200);
        Path store = folder.resolve("store");
        long before;
        try (var files = Files.walk(store)) {
            before = files.filter(Files::isRegularFile).count();
        }

        assertThat(smallApi.delete("/posts/" + posted.text("id")).token(alice.token()).send().status()).isEqualTo(204);
        small.drainFanout();

        assertThat(fetch(small.port(), photo.path("url").asText()).statusCode()).isEqualTo(404);
        assertThat(fetch(small.port(), photo.path("previewUrl").asText()).statusCode()).isEqualTo(404);
        try (var files = Files.walk(store)) {
            assertThat(files.filter(Files::isRegularFile).count()).as("both renditions left the store").isEqualTo(before - 2);
        }
    }

    @Test
    void onlyOnesOwnUnattachedUploadsAndAtMostFourAreAttached() {
        User alice = accounts.signUp("attacher");
        User mallory = accounts.signUp("taker");
        List<String> five = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            five.add(upload(api, alice, Images.upload(Images.png(16 + i, 16))).text("id"));
        }

        Response tooMany = api.post("/posts").token(alice.token()).json("text", "five", "mediaIds", five).invalid().send();
        Response taken = api.post("/posts").token(mallory.token()).json("text", "mine now", "mediaIds", List.of(five.get(0))).send();
        Response unknown = api.post("/posts").token(alice.token()).json("text", "what", "mediaIds", List.of("nonsense")).invalid().send();
        Response posted = api.post("/posts").token(alice.token()).json("text", "one", "mediaIds", List.of(five.get(0))).send();
        Response again = api.post("/posts").token(alice.token()).json("text", "twice", "mediaIds", List.of(five.get(0))).send();
        Response neither = api.post("/posts").token(alice.token()).json("mediaIds", List.of()).invalid().send();

        for (Response refused : List.of(tooMany, taken, unknown, again)) {
            assertThat(refused.status()).as(refused.toString()).isEqualTo(422);
            assertThat(refused.field()).isEqualTo("mediaIds");
        }
        assertThat(posted.status()).isEqualTo(201);
        assertThat(neither.status()).isEqualTo(400);
        assertThat(neither.field()).isEqualTo("text");
    }

    @Test
    void aMissingFileAFileThatIsNoImageAndAVideoAreRefusedNamingFile() {
        User alice = accounts.signUp("refused");

        List<Response> refused = List.of(
                upload(api, alice, Images.multipart("picture", Images.png(10, 10))),
                upload(api, alice, Images.upload("just some words".getBytes(StandardCharsets.UTF_8))),
                upload(api, alice, Images.upload(Images.mp4())),
                upload(api, alice, Images.upload(new byte[0])),
                api.post("/media").token(alice.token()).json("file", "inline").invalid().send());

        for (Response answer : refused) {
            assertThat(answer.status()).as(answer.toString()).isEqualTo(422);
            assertThat(answer.field()).isEqualTo("file");
        }
        assertThat(api.post("/media").raw(Images.MULTIPART, Images.upload(Images.png(10, 10))).send().status()).isEqualTo(401);
    }

    @Test
    void aFileOverTheMediaLimitIsRefusedNamingFile() {
        User alice = new Accounts(smallApi).signUp("toolarge");

        Response tooLarge = upload(smallApi, alice, Images.upload(Images.noisyPng(80, 80, 3)));

        assertThat(tooLarge.status()).as(tooLarge.toString()).isEqualTo(413);
        assertThat(tooLarge.field()).isEqualTo("file");
        assertThat(upload(smallApi, alice, Images.upload(Images.png(20, 20))).status()).isEqualTo(201);
    }

    @Test
    void unknownKeysAndPathsOutOfTheStoreAreNotFound() {
        assertThat(fetch(small.port(), "/media/01ARZ3NDEKTSV4RRFFQ69G5FAV-00/original.png").statusCode()).isEqualTo(404);
        for (String path : List.of("/media/../secret.txt", "/media/..%2fsecret.txt", "/media/%2e%2e/secret.txt",
                "/media/%2e%2e/%2e%2e/secret.txt", "/media/store/..%2f..%2fsecret.txt", "/media/%2Fetc/passwd",
                "/media//etc/passwd", "/media/..%5csecret.txt", "/media/" + folder.resolve("secret.txt").toString().substring(1))) {
            HttpResponse<byte[]> answer = fetch(small.port(), path);
            assertThat(answer.statusCode()).as(path).isIn(400, 404);
            assertThat(new String(answer.body(), StandardCharsets.UTF_8)).as(path).doesNotContain(SECRET);
        }
    }

    private static List<String> ids(JsonNode media) {
        List<String> ids = new ArrayList<>();
        media.forEach(m -> ids.add(m.path("id").asText()));
        return ids;
    }
}
