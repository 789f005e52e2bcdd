package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CachedRevocationsTest {

    /** The shared store as every server sees it, counting the reads that reach it. */
    private static final class SharedStore implements TokenRevocations {
        final Set<String> revoked = new HashSet<>();
        final AtomicInteger reads = new AtomicInteger();

        @Override
        public synchronized void revoke(String tokenId, Instant expiresAt) {
            revoked.add(tokenId);
        }

        @Override
        public synchronized boolean isRevoked(String tokenId) {
            reads.incrementAndGet();
            return revoked.contains(tokenId);
        }
    }

    private final SharedStore store = new SharedStore();
    private final AtomicLong nanos = new AtomicLong();
    private final Instant expiry = Instant.parse("2030-01-01T00:00:00Z");

    private CachedRevocations server(Duration recheck) {
        return new CachedRevocations(store, recheck, 1_000, nanos::get);
    }

    @Test
    void aBusyCallerCostsOneStoreReadPerIntervalNotOnePerRequest() {
        CachedRevocations server = server(Duration.ofSeconds(5));

        for (int i = 0; i < 100; i++) {
            assertThat(server.isRevoked("jti-1")).isFalse();
        }
        assertThat(store.reads).hasValue(1);

        nanos.addAndGet(Duration.ofSeconds(6).toNanos());
        assertThat(server.isRevoked("jti-1")).isFalse();
        assertThat(store.reads).hasValue(2);
    }

    @Test
    void aLogoutOnThisServerHoldsAtOnceAndOnAnotherWithinTheInterval() {
        CachedRevocations here = server(Duration.ofSeconds(5));
        CachedRevocations there = server(Duration.ofSeconds(5));
        assertThat(here.isRevoked("jti-2")).isFalse();
        assertThat(there.isRevoked("jti-2")).isFalse();

        here.revoke("jti-2", expiry);

        assertThat(here.isRevoked("jti-2")).isTrue();
        assertThat(store.revoked).contains("jti-2");
        nanos.addAndGet(Duration.ofSeconds(5).plusMillis(1).toNanos());
        assertThat(there.isRevoked("jti-2")).isTrue();
    }

    @Test
    void aZeroIntervalAsksTheStoreOnEveryRequest() {
        CachedRevocations here = server(Duration.ZERO);
        CachedRevocations there = server(Duration.ZERO);
        assertThat(there.isRevoked("jti-3")).isFalse();

        here.revoke("jti-3", expiry);

        assertThat(there.isRevoked("jti-3")).isTrue();
        assertThat(store.reads).hasValue(2);
    }
}
