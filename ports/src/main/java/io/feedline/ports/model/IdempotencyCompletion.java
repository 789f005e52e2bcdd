package io.feedline.ports.model;

import java.util.Objects;

/**
 * Finishing a claimed idempotency key with its request's result. It is written only while the
 * claim {@code token} still holds the key, so a request whose claim was taken over (it ran past the
 * lock timeout) can no longer finish it, and it may be written in the same atomic write as the
 * request's own effect, so that effect and the record of it commit together or not at all.
 *
 * @param user whose key it is
 * @param key the client's key
 * @param token the claim this request made (see {@code IdempotencyKeys.claim})
 * @param result what a replay returns (for a publish: the post's id; the author is {@code user})
 * @param at when the request finished; the record is kept for the retention from then
 */
public record IdempotencyCompletion(UserId user, IdempotencyKey key, String token, String result, java.time.Instant at) {
    public IdempotencyCompletion {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(at, "at");
    }
}
