package io.feedline.app.mastodon;

import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/**
 * The process's rate limits as the Mastodon port spends them. The composition root hands in the
 * native API's own buckets, keys and rates ({@code http.rate-limit.*}), so a caller has one budget
 * whichever API it calls, and a username one budget of wrong passwords. Each {@code take} answers
 * {@link Duration#ZERO} when allowed, else the wait until the next request would be.
 */
public interface Limits {

    /**
     * The key of a client connected from {@code peer} whose request carries {@code headers} (values
     * by name), as the native API keys it (trusted proxies, IPv6 prefixes).
     */
    String clientKey(String peer, Function<String, List<String>> headers);

    /** One request from the caller's bucket: {@code user:<id>} for a user's token, else the address's key. */
    Duration takeRequest(String callerKey);

    /** One request from the address's bucket for requests that run a password hash. */
    Duration takeCredentials(String addressKey);

    /** Whether {@code username} may try a password now (takes nothing). */
    Duration loginAllowed(String username);

    /** Charges one wrong password to {@code username}. */
    void loginFailed(String username);

    /** No limits: for a server whose callers are all trusted. */
    Limits NONE = new Limits() {
        @Override
        public String clientKey(String peer, Function<String, List<String>> headers) {
            return "ip:" + peer;
        }

        @Override
        public Duration takeRequest(String callerKey) {
            return Duration.ZERO;
        }

        @Override
        public Duration takeCredentials(String addressKey) {
            return Duration.ZERO;
        }

        @Override
        public Duration loginAllowed(String username) {
            return Duration.ZERO;
        }

        @Override
        public void loginFailed(String username) {}
    };
}
