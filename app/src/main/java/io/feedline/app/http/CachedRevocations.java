package io.feedline.app.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The shared revocation store (what {@code store} reaches) behind a memory of the answers, so the
 * hot path (every signed-in request) costs one store read per token per interval instead of one
 * per request. A revocation made through this server is remembered at once. One made through
 * another server is remembered at once too when this server hears of it ({@link #revokedElsewhere});
 * while it hears every one ({@link #hearing}), a "not revoked" answer is kept for
 * {@link #HEARD_RECHECK}, and while it may miss some, for {@code recheck}, the bound on how long
 * another server's revocation can go unseen. A revoked answer is final (a token is never
 * un-revoked), so it is kept as long as the entry lives.
 */
public final class CachedRevocations implements TokenRevocations {
    /**
     * How long "not revoked" is kept while every revocation made elsewhere is heard: an active token
     * then costs one store read per 10 minutes, and a word the channel lost while both ends stayed
     * connected holds no longer than that.
     */
    public static final Duration HEARD_RECHECK = Duration.ofMinutes(10);

    private final TokenRevocations store;
    private final Duration recheck;
    private final Duration heardRecheck;
    private final Cache<String, Boolean> answers;
    private final boolean caching;
    /** The reads of the store under way, by token: a request for the same token waits for that read rather than make another. */
    private final ConcurrentHashMap<String, CompletableFuture<Boolean>> reading = new ConcurrentHashMap<>();
    /** Moves on every word heard and every change of hearing, so a read that overlapped one does not keep what it read. */
    private final AtomicLong changes = new AtomicLong();

    /**
     * {@code recheck} is how long "not revoked" is kept while revocations elsewhere may go unheard
     * (zero: the store is asked on every request, heard or not); {@code nanos} is the clock the
     * intervals are measured on (System::nanoTime in production). It starts as if it heard nothing.
     */
    public CachedRevocations(TokenRevocations store, Duration recheck, long maxTokens, LongSupplier nanos) {
        this.store = store;
        this.recheck = recheck;
        this.heardRecheck = HEARD_RECHECK.compareTo(recheck) > 0 ? HEARD_RECHECK : recheck;
        this.caching = !recheck.isZero();
        this.answers = Caffeine.newBuilder()
                .expireAfterWrite(caching ? recheck : Duration.ofNanos(1))
                .maximumSize(maxTokens)
                .ticker(nanos::getAsLong)
                .build();
    }

    @Override
    public void revoke(String tokenId, Instant expiresAt) {
        store.revoke(tokenId, expiresAt);
        answers.put(tokenId, true);
    }

    @Override
    public boolean isRevoked(String tokenId) {
        if (!caching) {
            return store.isRevoked(tokenId);
        }
        Boolean known = answers.getIfPresent(tokenId);
        if (known != null) {
            return known;
        }
        CompletableFuture<Boolean> mine = new CompletableFuture<>();
        CompletableFuture<Boolean> theirs = reading.putIfAbsent(tokenId, mine);
        if (theirs != null) {
            return answerOf(theirs);
        }
        try {
            boolean revoked = read(tokenId);
            mine.complete(revoked);
            return revoked;
        } catch (RuntimeException | Error e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            reading.remove(tokenId, mine);
        }
    }

    /** One read of the store, kept unless a word or a change of hearing came while it was under way. */
    private boolean read(String tokenId) {
        long before = changes.get();
        boolean revoked = store.isRevoked(tokenId);
        if (revoked) {
            answers.put(tokenId, true);
        } else if (changes.get() == before) {
            // If absent: a revocation heard meanwhile stays.
            answers.asMap().putIfAbsent(tokenId, false);
        }
        return revoked;
    }

    /** What another request's read of the same token answers, its failure thrown as it was. */
    private static boolean answerOf(CompletableFuture<Boolean> read) {
        try {
            return read.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /** Another server revoked {@code tokenId} (its store write is committed): refused here from now on. */
    public void revokedElsewhere(String tokenId) {
        changes.incrementAndGet();
        if (caching) {
            answers.put(tokenId, true);
        }
    }

    /**
     * Whether this server now hears every revocation another server makes ({@code true}) or may miss
     * some ({@code false}). Either way what was kept may have missed one, so it is dropped; the
     * answers read from here on are kept {@link #HEARD_RECHECK} (or {@code recheck}, if longer) or
     * {@code recheck}.
     */
    public void hearing(boolean everyRevocation) {
        changes.incrementAndGet();
        answers.invalidateAll();
        if (caching) {
            Duration keep = everyRevocation ? heardRecheck : recheck;
            answers.policy().expireAfterWrite().ifPresent(expiry -> expiry.setExpiresAfter(keep));
        }
    }
}
