package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.LiveEvent;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.LiveEvents;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What every {@link LiveEvents} must do. Delivery may be asynchronous, so a test waits for what it
 * expects (up to {@link #WAIT}) and, for what must not arrive, publishes a marker after it and
 * checks that the marker is the next thing received.
 */
public abstract class LiveEventsContract {
    private static final Duration WAIT = Duration.ofSeconds(10);

    /** A channel under test. */
    protected abstract LiveEvents channel();

    /**
     * Another channel on the same engine, as another process would open it: what one publishes,
     * the other's subscribers receive. An in-process channel returns {@code first}.
     */
    protected abstract LiveEvents peerOf(LiveEvents first);

    private static UserId user() {
        return TestIds.userId();
    }

    private static PostRef post(UserId author) {
        return new PostRef(TestIds.postId(), author);
    }

    private static LiveEvent marker() {
        return new LiveEvent.Deleted(post(user()));
    }

    private static LiveEvent next(BlockingQueue<LiveEvent> received) throws InterruptedException {
        LiveEvent event = received.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(event).as("an event within %s", WAIT).isNotNull();
        return event;
    }

    @Test
    void everyKindOfEventReachesASubscriberWholeAndInOrder() throws InterruptedException {
        LiveEvents live = channel();
        BlockingQueue<LiveEvent> received = new LinkedBlockingQueue<>();
        UserId author = user();
        UserId reader = user();
        List<LiveEvent> events = List.of(
                new LiveEvent.Published(post(author), List.of(Tag.of("jazz"), Tag.of("café"))),
                new LiveEvent.Delivered(List.of(new Delivery(reader, post(author)), new Delivery(user(), post(author)))),
                new LiveEvent.Notified(reader, "like:" + TestIds.postId().value()),
                new LiveEvent.Deleted(post(author)));
        try (LiveEvents.Subscription subscription = live.subscribe(received::add)) {
            events.forEach(live::publish);

            for (LiveEvent expected : events) {
                assertThat(next(received)).isEqualTo(expected);
            }
        }
    }

    @Test
    void anotherProcessOnTheSameEngineReceivesWhatOnePublishes() throws InterruptedException {
        LiveEvents first = channel();
        LiveEvents second = peerOf(first);
        BlockingQueue<LiveEvent> atSecond = new LinkedBlockingQueue<>();
        BlockingQueue<LiveEvent> atFirst = new LinkedBlockingQueue<>();
        LiveEvent event = new LiveEvent.Published(post(user()), List.of());
        try (LiveEvents.Subscription a = second.subscribe(atSecond::add); LiveEvents.Subscription b = first.subscribe(atFirst::add)) {
            first.publish(event);

            assertThat(next(atSecond)).isEqualTo(event);
            assertThat(next(atFirst)).as("the publisher's own subscribers too").isEqualTo(event);
        }
    }

    @Test
    void aClosedSubscriptionReceivesNothingMore() throws InterruptedException {
        LiveEvents live = channel();
        BlockingQueue<LiveEvent> closed = new LinkedBlockingQueue<>();
        BlockingQueue<LiveEvent> open = new LinkedBlockingQueue<>();
        LiveEvents.Subscription gone = live.subscribe(closed::add);
        try (LiveEvents.Subscription kept = live.subscribe(open::add)) {
            gone.close();
            LiveEvent missed = new LiveEvent.Deleted(post(user()));
            LiveEvent after = marker();
            live.publish(missed);
            live.publish(after);

            assertThat(next(open)).isEqualTo(missed);
            assertThat(next(open)).isEqualTo(after);
            assertThat(closed).isEmpty();
        }
    }

    @Test
    void aListenerThatThrowsDoesNotStopTheOthersOrTheNextEvents() throws InterruptedException {
        LiveEvents live = channel();
        BlockingQueue<LiveEvent> received = new LinkedBlockingQueue<>();
        LiveEvent first = marker();
        LiveEvent second = marker();
        try (LiveEvents.Subscription broken = live.subscribe(event -> {
                    throw new IllegalStateException("a broken listener");
                });
                LiveEvents.Subscription kept = live.subscribe(received::add)) {
            live.publish(first);
            live.publish(second);

            assertThat(next(received)).isEqualTo(first);
            assertThat(next(received)).isEqualTo(second);
        }
    }
}
