package io.feedline.adapter.redis;

import io.feedline.ports.model.UserId;
import io.feedline.ports.out.RelationChanges;
import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.RedisException;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Relation changes between processes: a PUBLISH of this process's id and the two users on one
 * Redis channel, heard by every other process subscribed to it (its own echo is ignored: its copies
 * were dropped directly). A process hears every change from the moment its subscription is
 * confirmed (Lettuce subscribes again by itself after a reconnect) until its pub/sub connection
 * drops, and its listeners are told both moments. A word Redis does not take is counted as dropped
 * and logged: the other processes' copies then age out.
 */
final class RedisRelationChanges implements RelationChanges {
    private static final Logger LOG = Logger.getLogger(RedisRelationChanges.class.getName());

    private final RedisLink link;
    private final String channel;
    private final String self = UUID.randomUUID().toString();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private final LongAdder sent = new LongAdder();
    private final LongAdder dropped = new LongAdder();
    /** Guarded by {@code this}, with every call of {@link Listener#hearing}, so that no listener hears the states out of order. */
    private boolean hearing;

    RedisRelationChanges(RedisLink link, String channel) {
        this.link = link;
        this.channel = channel;
    }

    /** Subscribes the pub/sub connection to the channel and follows its state. */
    void listen(StatefulRedisPubSubConnection<String, String> connection) {
        connection.addListener(new RedisPubSubAdapter<>() {
            @Override
            public void message(String from, String message) {
                if (channel.equals(from)) {
                    heard(message);
                }
            }

            @Override
            public void subscribed(String to, long count) {
                if (channel.equals(to)) {
                    hearing(true);
                }
            }
        });
        connection.addListener(new RedisConnectionStateListener() {
            @Override
            public void onRedisDisconnected(RedisChannelHandler<?, ?> handler) {
                hearing(false);
            }
        });
        connection.sync().subscribe(channel);
    }

    @Override
    public void changed(UserId first, UserId second) {
        try {
            link.current().commands().publish(channel, self + " " + first.value() + " " + second.value());
            sent.increment();
        } catch (RedisException e) {
            dropped.increment();
            LOG.log(Level.WARNING, "redis: a relation change was not announced; other processes see it once their copies age out", e);
        }
    }

    @Override
    public synchronized Subscription listen(Listener listener) {
        listeners.add(listener);
        listener.hearing(hearing);
        return () -> listeners.remove(listener);
    }

    /** Changes announced (one PUBLISH each). */
    long sent() {
        return sent.sum();
    }

    /** Changes Redis did not take. */
    long dropped() {
        return dropped.sum();
    }

    private synchronized void hearing(boolean now) {
        hearing = now;
        listeners.forEach(listener -> listener.hearing(now));
    }

    private void heard(String message) {
        String[] parts = message.split(" ");
        if (parts.length != 3) {
            LOG.warning(() -> "redis: ignored a malformed relation change on " + channel + " (not three words)");
            return;
        }
        if (self.equals(parts[0])) {
            return;
        }
        UserId first;
        UserId second;
        try {
            first = new UserId(parts[1]);
            second = new UserId(parts[2]);
        } catch (IllegalArgumentException malformed) {
            LOG.warning(() -> "redis: ignored a malformed relation change on " + channel + " (" + malformed.getMessage() + ")");
            return;
        }
        listeners.forEach(listener -> listener.changed(first, second));
    }
}
