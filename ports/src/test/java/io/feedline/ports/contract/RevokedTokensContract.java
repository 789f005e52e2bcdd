package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.out.RevokedTokens;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
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
}
