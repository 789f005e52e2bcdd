package io.feedline.ports.fakes;

import io.feedline.ports.model.IdempotencyClaim;
import io.feedline.ports.model.IdempotencyCompletion;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.IdempotencyKeys;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Idempotency keys in memory, per user. A claim older than the lock timeout may be taken over; a
 * record older than the retention (24 hours, like the adapters' default) counts as gone.
 */
public final class InMemoryIdempotencyKeys implements IdempotencyKeys {
    public static final Duration DEFAULT_RETENTION = Duration.ofHours(24);

    private record Scope(UserId user, IdempotencyKey key) {}

    private record Entry(String fingerprint, String token, Instant since, Optional<String> result) {}

    private final Duration lockTimeout;
    private final Duration retention;
    private final Map<Scope, Entry> entries = new HashMap<>();
    private final CallLog calls = new CallLog();

    public InMemoryIdempotencyKeys(Duration lockTimeout) {
        this(lockTimeout, DEFAULT_RETENTION);
    }

    public InMemoryIdempotencyKeys(Duration lockTimeout, Duration retention) {
        this.lockTimeout = Objects.requireNonNull(lockTimeout, "lockTimeout");
        this.retention = Objects.requireNonNull(retention, "retention");
    }

    public CallLog calls() {
        return calls;
    }

    @Override
    public synchronized IdempotencyClaim claim(UserId user, IdempotencyKey key, String fingerprint, String token,
            Instant now) {
        calls.record("claim");
        Objects.requireNonNull(token, "token");
        Scope scope = new Scope(user, key);
        Entry held = entries.get(scope);
        if (held != null && held.since().plus(retention).isAfter(now)) {
            if (held.result().isPresent()) {
                return new IdempotencyClaim.Completed(held.fingerprint(), held.result().get());
            }
            if (held.since().plus(lockTimeout).isAfter(now)) {
                return new IdempotencyClaim.InProgress(held.fingerprint(), held.since());
            }
        }
        entries.put(scope, new Entry(fingerprint, token, now, Optional.empty()));
        return new IdempotencyClaim.Acquired();
    }

    @Override
    public synchronized boolean complete(IdempotencyCompletion completion) {
        calls.record("complete");
        return completeHeld(completion);
    }

    /** Completes the claim if {@code completion}'s token holds it; the post store calls this under its own lock. */
    synchronized boolean completeHeld(IdempotencyCompletion completion) {
        Scope scope = new Scope(completion.user(), completion.key());
        Entry held = entries.get(scope);
        if (held == null || held.result().isPresent() || !held.token().equals(completion.token())) {
            return false;
        }
        entries.put(scope, new Entry(held.fingerprint(), held.token(), completion.at(), Optional.of(completion.result())));
        return true;
    }

    @Override
    public synchronized void abandon(UserId user, IdempotencyKey key, String token) {
        calls.record("abandon");
        Scope scope = new Scope(user, key);
        Entry held = entries.get(scope);
        if (held != null && held.result().isEmpty() && held.token().equals(token)) {
            entries.remove(scope);
        }
    }
}
