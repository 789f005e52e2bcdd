package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.CelebrityRegistryContract;
import io.feedline.ports.out.CelebrityRegistry;

/** The CelebrityRegistryContract suite against the single table on DynamoDB Local. */
class DynamoCelebrityRegistryTest extends CelebrityRegistryContract {
    @Override
    protected CelebrityRegistry celebrityRegistry() {
        return LocalDynamo.shared().celebrityRegistry();
    }
}
