package io.feedline.ports.out;

import io.feedline.ports.model.IdempotencyClaim;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.UserId;
import java.time.Instant;

/**
 * Client-supplied idempotency keys, scoped per user. A key and its result are kept for a retention
 * period set by the adapter (24 hours by default).
 */
public interface IdempotencyKeys {

    /**
     * Atomically claims {@code key} for a request whose body hashes to {@code fingerprint}, or reports
     * who holds it. An in-progress claim older than the adapter's lock timeout may be taken over.
     */
    IdempotencyClaim claim(UserId user, IdempotencyKey key, String fingerprint, Instant now);

    /** Marks the claim finished with {@code result}, so replays return it. */
    void complete(UserId user, IdempotencyKey key, String result, Instant now);

    /** Drops an unfinished claim after its request failed, so that a retry may run. */
    void abandon(UserId user, IdempotencyKey key);
}
