package io.feedline.ports.fakes;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.FeedItemsContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FeedItems;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class InMemoryFeedItemsTest extends FeedItemsContract {
    private static final InMemoryFeedItems SHARED = new InMemoryFeedItems();

    @Override
    protected FeedItems feedItems() {
        return SHARED;
    }

    @Test
    void appendCountsTheCallAndEveryDeliveryWritten() {
        InMemoryFeedItems feeds = new InMemoryFeedItems();
        PostRef ref = new PostRef(TestIds.postId(), TestIds.userId());
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();

        feeds.append(List.of(new Delivery(ann, ref), new Delivery(ben, ref)));
        feeds.append(List.of(new Delivery(ann, ref)));
        feeds.page(ann, Optional.empty(), 10);

        assertThat(feeds.calls().count("append")).isEqualTo(2);
        assertThat(feeds.calls().delivered()).isEqualTo(3);
        assertThat(feeds.calls().count("page")).isEqualTo(1);

        feeds.calls().reset();

        assertThat(feeds.calls().delivered()).isZero();
        assertThat(feeds.calls().count("append")).isZero();
    }
}
