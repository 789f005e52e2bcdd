package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;

/** Registers users with fresh names and logs them in: each argon2 hash costs real time, so tests make few. */
public final class Accounts {
    public static final String PASSWORD = "correct horse battery";
    private static final AtomicInteger SEQUENCE = new AtomicInteger();
    private static final String RUN = Long.toString(System.nanoTime() % 1_000_000_000L, 36);

    private final ApiClient api;

    public Accounts(ApiClient api) {
        this.api = api;
    }

    /** A signed-in user: their name, id and bearer token. */
    public record User(String username, String id, String token) {}

    public static String freshName(String stem) {
        return (stem + "_" + RUN + "_" + SEQUENCE.incrementAndGet()).toLowerCase(java.util.Locale.ROOT);
    }

    public User signUp(String stem) {
        String username = freshName(stem);
        ApiClient.Response registered = api.post("/users")
                .json("username", username, "email", username + "@example.com", "password", PASSWORD)
                .send();
        assertThat(registered.status()).as(registered.toString()).isEqualTo(201);
        ApiClient.Response session = api.post("/sessions").json("username", username, "password", PASSWORD).send();
        assertThat(session.status()).as(session.toString()).isEqualTo(201);
        return new User(username, registered.text("id"), session.text("token"));
    }
}
