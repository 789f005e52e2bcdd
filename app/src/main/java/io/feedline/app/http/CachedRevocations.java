package io.feedline.app.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.time.Instant;
import java.util.function.LongSupplier;

/**
 * The shared revocation store (what {@code store} reaches) behind a short memory: a token found not revoked is not asked about
 * again for {@code recheck}, so the hot path (every signed-in request) costs one store read per
 * token per interval instead of one per request. A revocation made through this server is
 * remembered at once; one made through another server holds here within {@code recheck}. A
 * revoked answer is final (a token is never un-revoked), so it is kept as long as the entry lives.
 */
public final class CachedRevocations implements TokenRevocations {
    private final TokenRevocations store;
    private final Cache<String, Boolean> answers;
    private final boolean caching;

    /** {@code nanos} is the clock the intervals are measured on (System::nanoTime in production). */
    public CachedRevocations(TokenRevocations store, Duration recheck, long maxTokens, LongSupplier nanos) {
        this.store = store;
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
        return answers.get(tokenId, store::isRevoked);
    }
}
