package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** {@code POST /sessions} signs in by username or by email, and tells no one which accounts exist. */
class LoginHttpTest {

    @Test
    void anEmailSignsInWhateverItsCaseAndItsTokenReadsTheFeed() {
        ApiClient api = new ApiClient(TestApps.shared().port());
        User alice = new Accounts(api).signUp("by_email");

        Response session = api.post("/sessions")
                .json("email", (alice.username() + "@example.com").toUpperCase(Locale.ROOT), "password", Accounts.PASSWORD)
                .send();

        assertThat(session.status()).as(session.toString()).isEqualTo(201);
        assertThat(session.json().path("user").path("id").asText()).isEqualTo(alice.id());
        assertThat(api.get("/feed").token(session.text("token")).send().status()).isEqualTo(200);
    }

    @Test
    void aWrongPasswordAndAnUnknownEmailAreAnsweredAlike() {
        ApiClient api = new ApiClient(TestApps.shared().port());
        User bob = new Accounts(api).signUp("by_email");

        Response wrong = api.post("/sessions").json("email", bob.username() + "@example.com", "password", "not the password").send();
        Response unknown = api.post("/sessions").json("email", "nobody-" + bob.username() + "@example.com", "password", "not the password").send();

        assertThat(wrong.status()).isEqualTo(401);
        assertThat(unknown.status()).isEqualTo(401);
        assertThat(unknown.body()).isEqualTo(wrong.body());
    }

    @Test
    void aBodyNamingBothAUsernameAndAnEmailIsRefusedNamingTheEmail() {
        ApiClient api = new ApiClient(TestApps.shared().port());
        User carol = new Accounts(api).signUp("by_email");

        Response refused = api.post("/sessions")
                .json("username", carol.username(), "email", carol.username() + "@example.com", "password", Accounts.PASSWORD)
                .invalid().send();

        assertThat(refused.status()).as(refused.toString()).isEqualTo(400);
        assertThat(refused.field()).isEqualTo("email");
    }

    @Test
    void aMalformedEmailIsRefusedNamingTheEmail() {
        ApiClient api = new ApiClient(TestApps.shared().port());

        Response refused = api.post("/sessions").json("email", "not-an-address@", "password", Accounts.PASSWORD).invalid().send();

        assertThat(refused.status()).as(refused.toString()).isEqualTo(400);
        assertThat(refused.field()).isEqualTo("email");
    }
}
