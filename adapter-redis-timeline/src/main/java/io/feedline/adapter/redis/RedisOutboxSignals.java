package io.feedline.adapter.redis;

import io.feedline.ports.out.OutboxSignals;
import io.lettuce.core.RedisException;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The outbox's signal between processes: a PUBLISH of this process's id on one Redis channel, heard
 * by every other process subscribed to it (its own echo is ignored: its workers were woken
 * directly). Announcements are coalesced: one sender thread publishes at most one at a time, and
 * every {@link #jobsEnqueued} is followed by a PUBLISH sent after it, so a burst of a thousand
 * enqueues costs a few messages and none is announced before its commit. While Redis is down an
 * announcement is dropped and counted; the other processes' polls find the jobs.
 */
final class RedisOutboxSignals implements OutboxSignals, AutoCloseable {
    private static final Logger LOG = Logger.getLogger(RedisOutboxSignals.class.getName());

    private final RedisLink link;
    private final String channel;
    private final String self = UUID.randomUUID().toString();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final AtomicBoolean pending = new AtomicBoolean();
    private final Semaphore due = new Semaphore(0);
    private final LongAdder sent = new LongAdder();
    private final LongAdder dropped = new LongAdder();
    private final Thread sender;

    RedisOutboxSignals(RedisLink link, String channel) {
        this.link = link;
        this.channel = channel;
        this.sender = Thread.ofVirtual().name("redis-outbox-signal").start(this::send);
    }

    /** Subscribes the pub/sub connection to the channel, passing every other process's announcement on. */
    void listen(StatefulRedisPubSubConnection<String, String> connection) {
        connection.addListener(new RedisPubSubAdapter<>() {
            @Override
            public void message(String from, String sender) {
                if (channel.equals(from) && !self.equals(sender)) {
                    listeners.forEach(Runnable::run);
                }
            }
        });
        connection.sync().subscribe(channel);
    }

    @Override
    public void jobsEnqueued() {
        if (!pending.getAndSet(true)) {
            due.release();
        }
    }

    @Override
    public Subscription listen(Runnable listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /** Announcements sent (one PUBLISH each). */
    long sent() {
        return sent.sum();
    }

    /** Announcements dropped because Redis did not take them. */
    long dropped() {
        return dropped.sum();
    }

    private void send() {
        while (true) {
            try {
                due.acquire();
            } catch (InterruptedException stopping) {
                return;
            }
            // Cleared before the PUBLISH: an enqueue after this point asks for another one.
            pending.set(false);
            try {
                link.current().commands().publish(channel, self);
                sent.increment();
            } catch (RedisException e) {
                dropped.increment();
                LOG.log(Level.FINE, "redis: an outbox signal was dropped", e);
            }
        }
    }

    @Override
    public void close() {
        sender.interrupt();
    }
}
