package io.feedline.adapter.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.LiveEventsContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.LiveEvent;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.out.LiveEvents;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LocalLiveEventsTest extends LiveEventsContract {
    private final List<LocalLiveEvents> opened = new ArrayList<>();

    @Override
    protected LiveEvents channel() {
        LocalLiveEvents live = new LocalLiveEvents(1_000);
        opened.add(live);
        return live;
    }

    @Override
    protected LiveEvents peerOf(LiveEvents first) {
        return first;
    }

    @AfterEach
    void close() {
        opened.forEach(LocalLiveEvents::close);
    }

    @Test
    void aPublisherNeverWaitsForASlowListenerPastTheQueueItDropsAndCounts() throws InterruptedException {
        LocalLiveEvents live = new LocalLiveEvents(4);
        opened.add(live);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch holding = new CountDownLatch(1);
        live.subscribe(event -> {
            holding.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        live.publish(deleted());
        holding.await();

        for (int i = 0; i < 10; i++) {
            live.publish(deleted());
        }

        assertThat(live.dropped()).as("4 wait behind the held one, 6 are dropped").isEqualTo(6);
        release.countDown();
    }

    private static LiveEvent deleted() {
        return new LiveEvent.Deleted(new PostRef(TestIds.postId(), TestIds.userId()));
    }
}
