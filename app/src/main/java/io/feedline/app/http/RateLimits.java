package io.feedline.app.http;

import java.time.Duration;

/**
 * One rate limit: a bucket of {@code rate} per key, kept in a {@link RateLimitStore} under the limit's
 * name, and the 429 when it is spent.
 */
final class RateLimits {
    /** The limits' names: their buckets' names in the store, shared by every API of the process. */
    static final String CALLER = "caller";
    static final String CREDENTIALS = "credentials";
    static final String FAILED_LOGINS = "failed-logins";

    private final String name;
    private final HttpApi.Rate rate;
    private final RateLimitStore store;

    RateLimits(String name, HttpApi.Rate rate, RateLimitStore store) {
        this.name = name;
        this.rate = rate;
        this.store = store;
    }

    /** Takes one request from the key's bucket, or refuses with the wait until the next one. */
    void acquire(String key) {
        refuseUnlessZero(store.take(name, rate, key));
    }

    /** Refuses, taking nothing, when the key's bucket is empty: for limits charged only on failure. */
    void requireAvailable(String key) {
        refuseUnlessZero(store.available(name, rate, key));
    }

    /** Takes one token if there is one: the charge for a failure already answered. */
    void charge(String key) {
        store.take(name, rate, key);
    }

    /** The failed-logins key of a username. */
    static String loginKey(String username) {
        return "login:" + username;
    }

    private static void refuseUnlessZero(Duration wait) {
        if (!wait.isZero()) {
            throw HttpProblem.tooManyRequests(wait);
        }
    }
}
