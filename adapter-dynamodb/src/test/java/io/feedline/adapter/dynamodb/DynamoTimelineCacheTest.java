package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.contract.TimelineCacheContract;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.TimelineCache;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The TimelineCacheContract suite against the single table on DynamoDB Local. */
class DynamoTimelineCacheTest extends TimelineCacheContract {
    @Override
    protected TimelineCache timelineCache() {
        return LocalDynamo.shared().timelineCache();
    }

    @Test
    void mirrorsTheDurableFeed() {
        DynamoStorage storage = LocalDynamo.shared();
        UserId reader = TestIds.userId();
        PostRef entry = new PostRef(TestIds.postId(), TestIds.userId());

        storage.feedItems().append(List.of(new Delivery(reader, entry)));

        assertThat(storage.timelineCache().mirrorsFeedItems()).isTrue();
        assertThat(storage.timelineCache().range(reader, Optional.empty(), 10)).contains(List.of(entry));
    }
}
