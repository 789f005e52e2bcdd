package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.EntityFollowsContract;
import io.feedline.ports.out.EntityFollows;

/** The EntityFollowsContract suite against the single table on DynamoDB Local. */
class DynamoEntityFollowsTest extends EntityFollowsContract {
    @Override
    protected EntityFollows entityFollows() {
        return LocalDynamo.shared().entityFollows();
    }
}
