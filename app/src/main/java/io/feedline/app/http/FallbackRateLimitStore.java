package io.feedline.app.http;

import io.feedline.ports.model.FeedlineException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The shared buckets while they answer, this process's own while they do not: a rate limit must never
 * take the API down with the engine that holds it. After a failure every call is answered locally
 * for {@link #RETRY}; then one call asks the shared store again (the others stay local meanwhile), so
 * a hung engine costs one call a second, not every call. While it falls back each process limits on
 * its own, so N processes allow up to N times a limit. Logs at WARN when it falls back (at most
 * every {@link #WARN_EVERY}) and at INFO when the shared store answers again.
 */
final class FallbackRateLimitStore implements RateLimitStore {
    private static final Logger LOG = LoggerFactory.getLogger(FallbackRateLimitStore.class);
    static final Duration RETRY = Duration.ofSeconds(1);
    static final Duration WARN_EVERY = Duration.ofSeconds(10);

    private final RateLimitStore shared;
    private final RateLimitStore local;
    private final LongSupplier nanoTime;
    private final AtomicLong retryAt = new AtomicLong();
    private final AtomicLong lastWarning = new AtomicLong();
    private final AtomicLong fallbacksSinceWarning = new AtomicLong();
    private volatile boolean down;

    FallbackRateLimitStore(RateLimitStore shared, RateLimitStore local, LongSupplier nanoTime) {
        this.shared = shared;
        this.local = local;
        this.nanoTime = nanoTime;
    }

    @Override
    public Duration take(String limit, HttpApi.Rate rate, String key) {
        return answer(store -> store.take(limit, rate, key));
    }

    @Override
    public Duration available(String limit, HttpApi.Rate rate, String key) {
        return answer(store -> store.available(limit, rate, key));
    }

    private Duration answer(Function<RateLimitStore, Duration> ask) {
        if (down) {
            long at = retryAt.get();
            if (nanoTime.getAsLong() - at < 0 || !retryAt.compareAndSet(at, nanoTime.getAsLong() + RETRY.toNanos())) {
                fallbacksSinceWarning.incrementAndGet();
                return ask.apply(local);
            }
        }
        Duration answer;
        try {
            answer = ask.apply(shared);
        } catch (FeedlineException.StorageUnavailable e) {
            retryAt.set(nanoTime.getAsLong() + RETRY.toNanos());
            down = true;
            warn(e);
            return ask.apply(local);
        }
        if (down) {
            down = false;
            LOG.info("rate limits: the shared buckets answer again; limits hold across every server process");
        }
        return answer;
    }

    private void warn(FeedlineException.StorageUnavailable cause) {
        long fallbacks = fallbacksSinceWarning.incrementAndGet();
        long now = nanoTime.getAsLong();
        long last = lastWarning.get();
        if ((last == 0 || now - last >= WARN_EVERY.toNanos()) && lastWarning.compareAndSet(last, now == 0 ? 1 : now)) {
            fallbacksSinceWarning.addAndGet(-fallbacks);
            LOG.warn("rate limits: the shared buckets are unavailable ({}); limiting in this process alone "
                    + "({} call(s) since the last warning)", cause.getMessage(), fallbacks);
        }
    }
}
