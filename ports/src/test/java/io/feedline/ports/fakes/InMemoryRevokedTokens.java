package io.feedline.ports.fakes;

import io.feedline.ports.out.RevokedTokens;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** An in-memory {@link RevokedTokens} for domain and HTTP tests; it never forgets. */
public final class InMemoryRevokedTokens implements RevokedTokens {
    private final Map<String, Instant> revoked = new ConcurrentHashMap<>();

    @Override
    public void revoke(String tokenId, Instant expiresAt) {
        revoked.merge(tokenId, expiresAt, (a, b) -> a.isAfter(b) ? a : b);
    }

    @Override
    public boolean revokeOnce(String tokenId, Instant expiresAt) {
        return revoked.putIfAbsent(tokenId, expiresAt) == null;
    }

    @Override
    public boolean isRevoked(String tokenId) {
        return revoked.containsKey(tokenId);
    }
}
