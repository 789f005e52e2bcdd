package io.feedline.ports.out;

import io.feedline.ports.model.IdempotencyClaim;
import io.feedline.ports.model.IdempotencyCompletion;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.UserId;
import java.time.Instant;

/**
 * Client-supplied idempotency keys, scoped per user. A key and its result are kept for a retention
 * period set by the adapter (24 hours by default). Each claim carries a token unique to its request,
 * and only the holder of the current claim may complete or abandon it: a request that ran past the
 * lock timeout and lost its claim to a retry cannot overwrite or free the retry's.
 */
public interface IdempotencyKeys {

    /**
     * Atomically claims {@code key} for the request identified by {@code token}, whose body hashes to
     * {@code fingerprint}, or reports who holds it. An in-progress claim older than the adapter's
     * lock timeout may be taken over.
     */
    IdempotencyClaim claim(UserId user, IdempotencyKey key, String fingerprint, String token, Instant now);

    /**
     * Marks the claim finished with its result, so replays return it. Returns false, changing
     * nothing, unless the completion's token holds the key in progress. {@link Posts#publish} does
     * the same inside its own atomic write.
     */
    boolean complete(IdempotencyCompletion completion);

    /**
     * Drops an unfinished claim after its request failed before writing anything, so that a retry
     * may run at once. A no-op unless {@code token} holds the key in progress.
     */
    void abandon(UserId user, IdempotencyKey key, String token);
}
