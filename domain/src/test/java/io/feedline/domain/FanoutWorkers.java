package io.feedline.domain;

import io.feedline.domain.fanout.FanoutWorker;
import io.feedline.domain.fanout.WindowWrites;
import io.feedline.domain.feed.Windows;
import io.feedline.domain.media.MediaDesk;
import io.feedline.domain.support.CacheWarnings;
import io.feedline.ports.fakes.FakeMediaProcessing;
import io.feedline.ports.fakes.SequentialIdGenerator;
import io.feedline.ports.out.TimelineCache;

/** Fan-out workers over a {@link World}'s ports, for tests that swap one part for a failing or watching one. */
public final class FanoutWorkers {
    private FanoutWorkers() {}

    /** Windows over {@code timelines}, for a worker whose window writes a test watches. */
    public static WindowWrites windowsOver(TimelineCache timelines) {
        return new Windows(timelines, new CacheWarnings());
    }

    /** A worker builder with every part taken from {@code world}, as {@link FeedlineCore#worker} wires it, but no listeners. */
    public static FanoutWorker.Builder builder(World world, String id) {
        return FanoutWorker.builder()
                .id(id)
                .jobs(world.postStore.jobs())
                .graph(world.graph)
                .posts(world.postStore.posts())
                .reposts(world.postStore.reposts())
                .feedItems(world.feedItems)
                .windows(world.windows())
                .notifications(world.notifications)
                .subscriptions(world.subscriptions)
                .counters(world.postStore.counters())
                .cachedCounts(world.cachedPosts())
                .search(world.search)
                .users(world.accounts)
                .mediaPurge(new MediaDesk(new FakeMediaProcessing(1024), world.mediaStore, world.postStore.media(),
                        new SequentialIdGenerator(world.clock), world.clock)::purge)
                .clock(world.clock)
                .settings(world.core.settings().fanout())
                .tags(world.core.tagFanout());
    }
}
