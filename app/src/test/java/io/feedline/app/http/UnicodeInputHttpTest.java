package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Text that looks like other text: a display name with nothing visible in it, a fullwidth tag, a
 * Kelvin sign in a username, and a body that is not UTF-8. Each is refused or folded at the door.
 */
class UnicodeInputHttpTest {
    private static App app;
    private static ApiClient api;
    private static Accounts accounts;
    private static User alice;

    @BeforeAll
    static void start() {
        app = TestApps.shared();
        api = new ApiClient(app.port());
        accounts = new Accounts(api);
        alice = accounts.signUp("unicode");
    }

    @Test
    void aVisuallyBlankDisplayNameIsRefusedNamingTheField() {
        for (String blank : List.of("\u200E", "\u3164", "\u2800", "\uDB40\uDC41", "\u0301\u0302", "\u3164 \u2800\u200E")) {
            String name = Accounts.freshName("blank");
            Response refused = api.post("/users").json("username", name, "email", name + "@example.com",
                    "password", Accounts.PASSWORD, "displayName", blank).invalid().send();
            assertThat(refused.status()).as(HexFormat.of().formatHex(blank.getBytes(StandardCharsets.UTF_8))).isEqualTo(400);
            assertThat(refused.field()).isEqualTo("displayName");
        }
        String name = Accounts.freshName("family");
        Response family = api.post("/users").json("username", name, "email", name + "@example.com",
                "password", Accounts.PASSWORD, "displayName", "Ann \uD83D\uDC69\u200D\uD83D\uDC69\u200D\uD83D\uDC67").send();
        assertThat(family.status()).as(family.toString()).isEqualTo(201);
        assertThat(family.text("displayName")).isEqualTo("Ann \uD83D\uDC69\u200D\uD83D\uDC69\u200D\uD83D\uDC67");
    }

    @Test
    void aFullwidthTagIsTheSameTagEverywhere() {
        String tag = Accounts.freshName("wide");
        String fullwidth = fullwidth(tag);
        Response published = api.post("/posts").token(alice.token()).json("text", "wide #" + fullwidth).send();
        assertThat(published.json().path("tags").get(0).asText()).isEqualTo(tag);
        String narrow = api.post("/posts").token(alice.token()).json("text", "narrow #" + tag.toUpperCase(java.util.Locale.ROOT))
                .send().text("id");

        assertThat(api.get("/tags/" + tag + "/posts").send().ids()).containsExactly(narrow, published.text("id"));
        assertThat(api.get("/tags/%23" + encoded(fullwidth) + "/posts").send().ids()).containsExactly(narrow, published.text("id"));
        Response followed = api.put("/tags/" + encoded(fullwidth) + "/follow").token(alice.token()).send();
        assertThat(followed.text("name")).isEqualTo(tag);
    }

    @Test
    void aKelvinSignNeitherRegistersNorSignsInNorFindsAnAsciiName() {
        User kay = accounts.signUp("k");
        String kelvin = "\u212A" + kay.username().substring(1);

        Response signIn = api.post("/sessions").json("username", kelvin, "password", Accounts.PASSWORD).invalid().send();
        assertThat(signIn.status()).as(signIn.toString()).isIn(400, 401);
        String fresh = "\u212A" + Accounts.freshName("k").substring(1);
        Response registered = api.post("/users").json("username", fresh, "email", "kelvin" + fresh.substring(1) + "@example.com",
                "password", Accounts.PASSWORD).invalid().send();
        assertThat(registered.status()).as(registered.toString()).isEqualTo(400);
        assertThat(registered.field()).isEqualTo("username");
        assertThat(api.get("/users/" + encoded(kelvin)).invalid().send().status()).isEqualTo(404);
        assertThat(api.get("/users/" + kay.username()).send().status()).isEqualTo(200);
    }

    @Test
    void aBodyThatIsNotUtf8IsRefusedNeverRepaired() {
        for (String bytes : List.of("c0af", "eda080", "e282", "ff", "f4908080")) {
            byte[] body = concat("{\"text\":\"".getBytes(StandardCharsets.US_ASCII), HexFormat.of().parseHex(bytes),
                    "\"}".getBytes(StandardCharsets.US_ASCII));
            Response refused = api.post("/posts").token(alice.token()).raw("application/json", body).invalid().send();
            assertThat(refused.status()).as(bytes + ": " + refused).isEqualTo(400);
            assertThat(refused.field()).isEqualTo("body");
            assertThat(refused.header("Content-Type")).isEqualTo("application/problem+json");
        }
        Response fine = api.post("/posts").token(alice.token()).raw("application/json", "{\"text\":\"caf\u00e9 \uD83D\uDE00\"}").send();
        assertThat(fine.status()).isEqualTo(201);
        assertThat(fine.text("text")).isEqualTo("caf\u00e9 \uD83D\uDE00");
    }

    /** Letters and digits in their fullwidth forms ({@code _} stays: its fullwidth form is punctuation). */
    private static String fullwidth(String ascii) {
        StringBuilder wide = new StringBuilder();
        ascii.chars().forEach(c -> wide.append(c == '_' ? '_' : (char) (c - 0x21 + 0xFF01)));
        return wide.toString();
    }

    private static String encoded(String text) {
        return java.net.URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            all.writeBytes(part);
        }
        return all.toByteArray();
    }
}
