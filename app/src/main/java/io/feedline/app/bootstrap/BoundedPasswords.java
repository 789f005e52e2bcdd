package io.feedline.app.bootstrap;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.out.PasswordHasher;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A bound on how many password hashes and verifications run at once. Each argon2id call holds its
 * memory cost (19 MiB) for its whole run, and requests run on virtual threads without limit, so
 * without this bound a burst of logins would grow the heap and starve every other request of CPU.
 * A caller that finds every slot taken for longer than {@code maxWait} is refused with
 * {@link FeedlineException.Overloaded} (a 503 with Retry-After) before it costs anything.
 */
final class BoundedPasswords implements PasswordHasher {
    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    private final PasswordHasher delegate;
    private final Semaphore slots;
    private final Duration maxWait;

    BoundedPasswords(PasswordHasher delegate, int maxConcurrent, Duration maxWait) {
        if (maxConcurrent < 1) {
            throw new IllegalArgumentException("password.max-concurrent-hashes must be at least 1");
        }
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.slots = new Semaphore(maxConcurrent, true);
        this.maxWait = Objects.requireNonNull(maxWait, "maxWait");
    }

    @Override
    public PasswordHash hash(Password password) {
        return bounded(() -> delegate.hash(password));
    }

    @Override
    public boolean verify(Password password, PasswordHash hash) {
        return bounded(() -> delegate.verify(password, hash));
    }

    private <T> T bounded(Supplier<T> work) {
        boolean acquired;
        try {
            acquired = slots.tryAcquire(maxWait.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw overloaded();
        }
        if (!acquired) {
            throw overloaded();
        }
        try {
            return work.get();
        } finally {
            slots.release();
        }
    }

    private static FeedlineException.Overloaded overloaded() {
        return new FeedlineException.Overloaded("too many password checks at once; retry shortly", RETRY_AFTER);
    }
}
