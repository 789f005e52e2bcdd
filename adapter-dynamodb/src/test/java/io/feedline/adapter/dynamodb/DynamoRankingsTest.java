package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.RankingsContract;
import io.feedline.ports.out.Rankings;

/** The RankingsContract suite against the single table on DynamoDB Local. */
class DynamoRankingsTest extends RankingsContract {
    @Override
    protected Rankings rankings() {
        return LocalDynamo.shared().rankings();
    }
}
