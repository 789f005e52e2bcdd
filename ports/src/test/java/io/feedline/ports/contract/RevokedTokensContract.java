package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.out.RevokedTokens;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** What every {@link RevokedTokens} must do. Each test uses fresh token ids. */
public abstract class RevokedTokensContract {

    /** The store under test; called at most once per test. */
    protected abstract RevokedTokens revokedTokens();

    private static String tokenId() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    @Test
    void aRevokedTokenIsSeenAsRevokedAtOnce() {
        RevokedTokens revoked = revokedTokens();
        String id = tokenId();

        revoked.revoke(id, Instant.now().plus(1, ChronoUnit.HOURS));

        assertThat(revoked.isRevoked(id)).isTrue();
    }

    @Test
    void aTokenNeverRevokedIsNot() {
        RevokedTokens revoked = revokedTokens();
        revoked.revoke(tokenId(), Instant.now().plus(1, ChronoUnit.HOURS));

        assertThat(revoked.isRevoked(tokenId())).isFalse();
    }

    @Test
    void revokingTwiceIsHarmless() {
        RevokedTokens revoked = revokedTokens();
        String id = tokenId();

        revoked.revoke(id, Instant.now().plus(1, ChronoUnit.HOURS));
        revoked.revoke(id, Instant.now().plus(2, ChronoUnit.HOURS));

        assertThat(revoked.isRevoked(id)).isTrue();
    }

    @Test
    void revokeOnceSucceedsForTheFirstCallOnly() {
        RevokedTokens revoked = revokedTokens();
        String id = tokenId();

        assertThat(revoked.revokeOnce(id, Instant.now().plus(10, ChronoUnit.MINUTES))).isTrue();
        assertThat(revoked.revokeOnce(id, Instant.now().plus(10, ChronoUnit.MINUTES))).isFalse();
        assertThat(revoked.isRevoked(id)).isTrue();
    }

    @Test
    void revokeOnceOfAnAlreadyRevokedTokenFails() {
        RevokedTokens revoked = revokedTokens();
        String id = tokenId();
        revoked.revoke(id, Instant.now().plus(1, ChronoUnit.HOURS));

        assertThat(revoked.revokeOnce(id, Instant.now().plus(1, ChronoUnit.HOURS))).isFalse();
    }

    @Test
    void ofConcurrentRevokeOnceCallsExactlyOneWins() throws Exception {
        RevokedTokens revoked = revokedTokens();
        String id = tokenId();
        Instant expiry = Instant.now().plus(10, ChronoUnit.MINUTES);
        try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
            List<Future<Boolean>> calls = new ArrayList<>();
            CountDownLatch start = new CountDownLatch(1);
            for (int i = 0; i < 8; i++) {
                calls.add(pool.submit(() -> {
                    start.await();
                    return revoked.revokeOnce(id, expiry);
                }));
            }
            start.countDown();
            int wins = 0;
            for (Future<Boolean> call : calls) {
                wins += call.get() ? 1 : 0;
            }
            assertThat(wins).isEqualTo(1);
        }
    }
}
