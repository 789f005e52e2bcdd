package io.feedline.adapter.redis;

import io.feedline.ports.model.RelationChange;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Announcements;
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
 * Announcements between processes on one Redis channel: a PUBLISH of this process's id and the
 * word, heard by every other process subscribed to it (its own echo is ignored: its copies were
 * corrected directly). A process hears every word from the moment its subscription is confirmed
 * (Lettuce subscribes again by itself after a reconnect) until its pub/sub connection drops, and
 * its listeners are told both moments. A word Redis does not take is counted as dropped and logged:
 * the other processes' copies then age out.
 *
 * @param <M> what a word names; {@link Codec} writes it as the text after the process id
 */
final class RedisAnnouncements<M> implements Announcements<M> {
    private static final Logger LOG = Logger.getLogger(RedisAnnouncements.class.getName());

    /** A word as the text of a message, and back. */
    interface Codec<M> {
        String write(M word);

        /** The word {@code text} names; an {@link IllegalArgumentException} if it names none. */
        M read(String text);
    }

    /** The two users whose mutes or blocks changed, as their ids with a space between. */
    static final Codec<RelationChange> RELATION_CHANGES = new Codec<>() {
        @Override
        public String write(RelationChange change) {
            return change.first().value() + " " + change.second().value();
        }

        @Override
        public RelationChange read(String text) {
            String[] users = text.split(" ");
            if (users.length != 2) {
                throw new IllegalArgumentException("not two user ids");
            }
            return new RelationChange(new UserId(users[0]), new UserId(users[1]));
        }
    };

    /** A revoked token's id, or a user's moved session stamp ({@code stamp:<user id>}), as it is. */
    static final Codec<String> TOKEN_IDS = new Codec<>() {
        @Override
        public String write(String tokenId) {
            return tokenId;
        }

        @Override
        public String read(String text) {
            if (text.isBlank()) {
                throw new IllegalArgumentException("no token id");
            }
            return text;
        }
    };

    private final RedisLink link;
    private final String channel;
    private final String what;
    private final Codec<M> codec;
    private final String self = UUID.randomUUID().toString();
    private final List<Listener<M>> listeners = new CopyOnWriteArrayList<>();
    private final LongAdder sent = new LongAdder();
    private final LongAdder dropped = new LongAdder();
    /** Guarded by {@code this}, with every call of {@link Listener#hearing}, so that no listener hears the states out of order. */
    private boolean hearing;

    /** {@code what} names a word in the log ("a relation change"). */
    RedisAnnouncements(RedisLink link, String channel, String what, Codec<M> codec) {
        this.link = link;
        this.channel = channel;
        this.what = what;
        this.codec = codec;
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
    public void announce(M word) {
        try {
            link.current().commands().publish(channel, self + " " + codec.write(word));
            sent.increment();
        } catch (RedisException e) {
            dropped.increment();
            LOG.log(Level.WARNING, "redis: " + what + " was not announced; other processes see it once their copies age out", e);
        }
    }

    @Override
    public synchronized Subscription listen(Listener<M> listener) {
        listeners.add(listener);
        listener.hearing(hearing);
        return () -> listeners.remove(listener);
    }

    /** Words announced (one PUBLISH each). */
    long sent() {
        return sent.sum();
    }

    /** Words Redis did not take. */
    long dropped() {
        return dropped.sum();
    }

    private synchronized void hearing(boolean now) {
        hearing = now;
        listeners.forEach(listener -> listener.hearing(now));
    }

    private void heard(String message) {
        int space = message.indexOf(' ');
        if (space < 0) {
            LOG.warning(() -> "redis: ignored a malformed message on " + channel + " (no process id)");
            return;
        }
        if (message.startsWith(self) && space == self.length()) {
            return;
        }
        M word;
        try {
            word = codec.read(message.substring(space + 1));
        } catch (IllegalArgumentException malformed) {
            LOG.warning(() -> "redis: ignored a malformed message on " + channel + " (" + malformed.getMessage() + ")");
            return;
        }
        listeners.forEach(listener -> listener.heard(word));
    }
}
