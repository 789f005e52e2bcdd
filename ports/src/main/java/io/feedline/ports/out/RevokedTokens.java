package io.feedline.ports.out;

import java.time.Instant;

/**
 * Bearer tokens withdrawn before they expire (logout), by their id ({@code jti}). An entry is needed
 * only until the token's own expiry, after which the token is refused anyway, so an implementation
 * may forget it then. Shared by every server process, so a logout on one holds on all.
 */
public interface RevokedTokens {

    /** Records {@code tokenId} as revoked until {@code expiresAt}; revoking twice is harmless. */
    void revoke(String tokenId, Instant expiresAt);

    /**
     * Records {@code tokenId} as revoked until {@code expiresAt} only if it was not already: true for
     * exactly one of any number of calls with the same id, on any process. This makes a single-use
     * credential (an OAuth authorization code) usable once across every server.
     */
    boolean revokeOnce(String tokenId, Instant expiresAt);

    /** Whether {@code tokenId} was revoked, read so that a revocation just made is seen. */
    boolean isRevoked(String tokenId);
}
