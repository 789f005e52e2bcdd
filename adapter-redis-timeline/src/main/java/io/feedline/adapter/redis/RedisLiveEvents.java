package io.feedline.adapter.redis;

import io.feedline.ports.model.LiveEvent;
import io.feedline.ports.out.LiveEvents;
import io.lettuce.core.RedisException;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The live channel between processes: an event is PUBLISHed on one Redis channel, and every process
 * subscribed to it (the publisher too) hands what it receives to its own in-process channel, whose
 * subscribers are that process's streams. On a cluster, PUBLISH reaches the subscribers of every
 * node, so one subscription on any node hears every process.
 *
 * <p>Best effort, as the port allows: while Redis is down an event is dropped and counted, and
 * Lettuce subscribes again when it reconnects.
 */
public final class RedisLiveEvents implements LiveEvents {
    private static final Logger LOG = Logger.getLogger(RedisLiveEvents.class.getName());

    private final RedisLink link;
    private final String channel;
    private final LiveEvents local;
    private final LongAdder dropped = new LongAdder();

    RedisLiveEvents(RedisLink link, String channel, LiveEvents local) {
        this.link = link;
        this.channel = channel;
        this.local = local;
    }

    /** Subscribes the new pub/sub connection to the channel, handing each event to this process's channel. */
    static void listen(StatefulRedisPubSubConnection<String, String> connection, String channel, Consumer<LiveEvent> received) {
        connection.addListener(new RedisPubSubAdapter<>() {
            @Override
            public void message(String from, String message) {
                if (!channel.equals(from)) {
                    return;
                }
                LiveEvent event;
                try {
                    event = LiveEventCodec.decode(message);
                } catch (IllegalArgumentException e) {
                    LOG.log(Level.WARNING, "redis: ignoring a malformed live event on " + channel, e);
                    return;
                }
                received.accept(event);
            }
        });
        connection.sync().subscribe(channel);
    }

    /** How many events were dropped because Redis did not take them. */
    public long dropped() {
        return dropped.sum();
    }

    @Override
    public void publish(LiveEvent event) {
        try {
            link.current().commands().publish(channel, LiveEventCodec.encode(event));
        } catch (RedisException e) {
            dropped.increment();
            LOG.log(Level.FINE, "redis: a live event was dropped", e);
        }
    }

    @Override
    public Subscription subscribe(Consumer<LiveEvent> listener) {
        return local.subscribe(listener);
    }
}
