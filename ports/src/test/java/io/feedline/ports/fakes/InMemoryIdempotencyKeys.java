package io.feedline.ports.fakes;

import io.feedline.ports.model.IdempotencyClaim;
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

    private record Entry(String fingerprint, Instant since, Optional<String> result) {}

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
    public synchronized IdempotencyClaim claim(UserId user, IdempotencyKey key, String fingerprint, Instant now) {
        calls.record("claim");
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
        entries.put(scope, new Entry(fingerprint, now, Optional.empty()));
        return new IdempotencyClaim.Acquired();
    }

    @Override
    public synchronized void complete(UserId user, IdempotencyKey key, String result, Instant now) {
        calls.record("complete");
        Objects.requireNonNull(result, "result");
        Scope scope = new Scope(user, key);
        Entry held = entries.get(scope);
        if (held != null) {
            entries.put(scope, new Entry(held.fingerprint(), now, Optional.of(result)));
        }
    }

    @Override
    public synchronized void abandon(UserId user, IdempotencyKey key) {
        calls.record("abandon");
        Scope scope = new Scope(user, key);
        Entry held = entries.get(scope);
        if (held != null && held.result().isEmpty()) {
            entries.remove(scope);
        }
    }
}
