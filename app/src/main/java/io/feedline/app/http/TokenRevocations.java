package io.feedline.app.http;

import java.time.Instant;

/**
 * Where revoked token ids are kept, as the HTTP layer sees it. The composition root backs it with
 * the revocation store every server shares, so this layer stays on the use-case side of the hexagon.
 */
public interface TokenRevocations {

    /** Records {@code tokenId} as revoked until {@code expiresAt}, the token's own expiry. */
    void revoke(String tokenId, Instant expiresAt);

    /** Whether {@code tokenId} was revoked; a revocation made on any server is seen at once. */
    boolean isRevoked(String tokenId);
}
