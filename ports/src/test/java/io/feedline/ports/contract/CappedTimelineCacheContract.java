package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.TimelineCache;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The {@link TimelineCacheContract} plus the cap: a window never holds more than its newest entries. */
public abstract class CappedTimelineCacheContract extends TimelineCacheContract {

    private static final int CAP = 10;

    /** A cache that keeps at most {@code cap} entries per reader; called at most once per test. */
    protected abstract TimelineCache timelineCache(int cap);

    @Test
    void addingPastTheCapInOneCallKeepsTheNewest() {
        TimelineCache cache = timelineCache(CAP);
        UserId reader = wholeWindow(cache);
        List<PostRef> refs = freshRefs(TestIds.userId(), 25);

        cache.add(to(reader, shuffled(refs, 25)));

        assertThat(window(cache, reader)).contains(newestFirst(refs).subList(0, CAP));
    }

    @Test
    void addingPastTheCapInManyCallsKeepsTheNewest() {
        TimelineCache cache = timelineCache(CAP);
        UserId reader = wholeWindow(cache);
        List<PostRef> refs = freshRefs(TestIds.userId(), 25);

        for (PostRef ref : shuffled(refs, 52)) {
            cache.add(List.of(new Delivery(reader, ref)));
        }

        assertThat(window(cache, reader)).contains(newestFirst(refs).subList(0, CAP));
    }

    @Test
    void eachReaderIsCappedOnItsOwn() {
        TimelineCache cache = timelineCache(CAP);
        UserId busy = wholeWindow(cache);
        UserId quiet = wholeWindow(cache);
        List<PostRef> many = freshRefs(TestIds.userId(), 15);
        List<PostRef> few = freshRefs(TestIds.userId(), 4);
        List<Delivery> deliveries = new ArrayList<>(to(busy, many));
        deliveries.addAll(to(quiet, few));

        cache.add(shuffled(deliveries, 19));

        assertThat(window(cache, busy)).contains(newestFirst(many).subList(0, CAP));
        assertThat(window(cache, quiet)).contains(newestFirst(few));
    }

    @Test
    void replaceKeepsTheNewestUpToTheCap() {
        TimelineCache cache = timelineCache(CAP);
        UserId reader = TestIds.userId();
        List<PostRef> rebuilt = newestFirst(freshRefs(TestIds.userId(), 25));

        cache.replace(reader, rebuilt);

        assertThat(window(cache, reader)).contains(rebuilt.subList(0, CAP));
    }

    @Test
    void aRebuildMergingAPartKeepsTheNewestUpToTheCap() {
        TimelineCache cache = timelineCache(CAP);
        UserId reader = TestIds.userId();
        List<PostRef> all = freshRefs(TestIds.userId(), 30);
        List<PostRef> added = IntStream.range(0, 30).filter(i -> i % 2 == 0).mapToObj(all::get).toList();
        List<PostRef> durablePage = IntStream.range(0, 30).filter(i -> i % 2 == 1).mapToObj(all::get).toList();
        cache.add(to(reader, shuffled(added, 15)));

        String token = cache.beginRebuild(reader);
        assertThat(cache.completeRebuild(reader, newestFirst(durablePage), token)).isTrue();

        assertThat(window(cache, reader)).contains(newestFirst(all).subList(0, CAP));
    }
}
