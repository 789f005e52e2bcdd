package io.feedline.ports.fakes;

import io.feedline.ports.contract.RevokedTokensContract;
import io.feedline.ports.out.RevokedTokens;

class InMemoryRevokedTokensTest extends RevokedTokensContract {
    private static final InMemoryRevokedTokens SHARED = new InMemoryRevokedTokens();

    @Override
    protected RevokedTokens revokedTokens() {
        return SHARED;
    }
}
