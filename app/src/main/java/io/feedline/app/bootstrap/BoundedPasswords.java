package io.feedline.app.bootstrap;

import io.feedline.app.web.Admission;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.out.PasswordHasher;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A bound on how many password checks run at once. Each argon2id call holds its memory cost (19
 * MiB) for its whole run, and requests run on virtual threads without limit, so without this bound
 * a burst of logins would grow the heap and starve every other request of CPU. A caller that finds
 * every slot taken waits its turn ({@link Admission}: a fair queue of bounded length, a bounded
 * wait), so an honest burst of sign-ups is served a little later; past the queue, or once its wait
 * runs out, it is refused with {@link FeedlineException.Overloaded} (a 503 with Retry-After) before
 * it costs anything: a login
 * takes its slot before it looks up the stored hash ({@link #admit}), so a flood of logins costs
 * the store as many reads at once as there are slots, not one per waiting request. A hash or
 * verification inside an admitted check runs on that check's slot.
 *
 * <p>The hashes themselves run on platform threads of their own, one per slot, while the caller's
 * (virtual) thread waits for them. A hash is tens of milliseconds of CPU: on a virtual thread it
 * would hold one of the carriers (one per core) for that long, so on two cores one busy slot left
 * every other request a single carrier. On a thread of its own it takes the share of the cores the
 * operating system gives it, and every carrier keeps serving (ADR-0017).
 *
 * <p>A check refused at once, because the queue was full, is answered only after
 * {@code shedDelay}. A flood's client waits for each answer before it sends again, so a 503 at
 * once let 1,000 connections send about 10,000 checks a second, and answering those starved the
 * other requests of CPU. The delay parks only the refused request's virtual thread (ADR-0017).
 */
final class BoundedPasswords implements PasswordHasher {
    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    private final PasswordHasher delegate;
    private final Admission slots;
    /** Whether this thread holds a slot: set for the length of an admitted check. */
    private final ThreadLocal<Boolean> holding = ThreadLocal.withInitial(() -> false);
    private final ExecutorService hashing;
    private final Duration shedDelay;
    private final Pause pause;

    /** Waits out a refused check's delay; a test records it instead. */
    interface Pause {
        void pause(Duration length);

        Pause SLEEP = length -> {
            try {
                Thread.sleep(length);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
    }

    BoundedPasswords(PasswordHasher delegate, Admission.Bounds bounds) {
        this(delegate, bounds, Duration.ZERO, Pause.SLEEP);
    }

    BoundedPasswords(PasswordHasher delegate, Admission.Bounds bounds, Duration shedDelay, Pause pause) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.slots = new Admission(bounds);
        this.shedDelay = Objects.requireNonNull(shedDelay, "shedDelay");
        this.pause = Objects.requireNonNull(pause, "pause");
        int maxConcurrent = bounds.inFlight();
        // As many threads as slots; an idle one ends after a while and is made again when needed.
        ThreadPoolExecutor pool = new ThreadPoolExecutor(maxConcurrent, maxConcurrent, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), Thread.ofPlatform().name("password-hash-", 1).daemon().factory());
        pool.allowCoreThreadTimeOut(true);
        this.hashing = pool;
    }

    @Override
    public PasswordHash hash(Password password) {
        return admit(() -> onHashingThread(() -> delegate.hash(password)));
    }

    @Override
    public boolean verify(Password password, PasswordHash hash) {
        return admit(() -> onHashingThread(() -> delegate.verify(password, hash)));
    }

    @Override
    public <T> T admit(Supplier<T> check) {
        if (holding.get()) {
            return check.get();
        }
        long started = System.nanoTime();
        if (!slots.enter()) {
            Duration left = shedDelay.minusNanos(System.nanoTime() - started);
            if (left.isPositive()) {
                pause.pause(left);
            }
            throw overloaded();
        }
        holding.set(true);
        try {
            return check.get();
        } finally {
            holding.remove();
            slots.leave();
        }
    }

    /** Checks waiting for a slot now. */
    int waiting() {
        return slots.waiting();
    }

    /**
     * Runs {@code work} on a hashing thread and waits for it, through an interrupt too: the slot is
     * held until the hash has ended, so the bound counts the hashes that run, not those waited on.
     * A slot's holder always finds a hashing thread free, as there are as many as slots.
     */
    private <T> T onHashingThread(Supplier<T> work) {
        Future<T> running = hashing.submit(work::get);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return running.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException failure) {
                        throw failure;
                    }
                    if (e.getCause() instanceof Error error) {
                        throw error;
                    }
                    throw new IllegalStateException(e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static FeedlineException.Overloaded overloaded() {
        return new FeedlineException.Overloaded("too many password checks at once; retry shortly", RETRY_AFTER);
    }
}
