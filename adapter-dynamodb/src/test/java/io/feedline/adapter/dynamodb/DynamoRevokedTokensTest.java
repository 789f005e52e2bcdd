package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.RevokedTokensContract;
import io.feedline.ports.out.RevokedTokens;

/** The RevokedTokensContract suite against the single table on DynamoDB Local. */
class DynamoRevokedTokensTest extends RevokedTokensContract {
    @Override
    protected RevokedTokens revokedTokens() {
        return LocalDynamo.shared().revokedTokens();
    }
}
