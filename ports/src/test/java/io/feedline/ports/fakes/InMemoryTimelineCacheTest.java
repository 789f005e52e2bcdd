package io.feedline.ports.fakes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.contract.CappedTimelineCacheContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.TimelineCache;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class InMemoryTimelineCacheTest extends CappedTimelineCacheContract {
    private static final InMemoryTimelineCache SHARED = new InMemoryTimelineCache();

    @Override
    protected TimelineCache timelineCache() {
        return SHARED;
    }

    @Override
    protected TimelineCache timelineCache(int cap) {
        return new InMemoryTimelineCache(cap);
    }

    @Test
    void anUnavailableCacheFailsEveryCallUntilItIsBack() {
        InMemoryTimelineCache cache = new InMemoryTimelineCache(10);
        UserId reader = TestIds.userId();
        PostRef ref = new PostRef(TestIds.postId(), TestIds.userId());
        cache.replace(reader, List.of(ref));

        cache.setAvailable(false);

        List<Runnable> calls = List.of(
                () -> cache.add(List.of(new Delivery(reader, ref))),
                () -> cache.range(reader, Optional.empty(), 10),
                () -> cache.remove(reader, ref.postId()),
                () -> cache.removeAuthor(reader, ref.authorId()),
                () -> cache.replace(reader, List.of(ref)),
                () -> cache.evict(reader));
        for (Runnable call : calls) {
            assertThatThrownBy(call::run)
                    .isInstanceOfSatisfying(FeedlineException.StorageUnavailable.class,
                            e -> assertThat(e.component()).isEqualTo("timelines"));
        }

        cache.setAvailable(true);

        assertThat(cache.range(reader, Optional.empty(), 10)).contains(List.of(ref));
    }

    @Test
    void addCountsTheCallAndEveryDeliveryWritten() {
        InMemoryTimelineCache cache = new InMemoryTimelineCache(10);
        PostRef ref = new PostRef(TestIds.postId(), TestIds.userId());

        cache.add(List.of(new Delivery(TestIds.userId(), ref), new Delivery(TestIds.userId(), ref)));
        cache.add(List.of());

        assertThat(cache.calls().count("add")).isEqualTo(2);
        assertThat(cache.calls().delivered()).isEqualTo(2);
    }
}
