package io.feedline.adapter.redis;

import static org.awaitility.Awaitility.await;

import io.feedline.ports.contract.TestIds;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Processes for the pub/sub tests: each a {@link RedisTimelines} on one key prefix of its own to
 * the test, asked for a channel and returned once it is subscribed; all closed together.
 */
final class SubscribedProcesses implements AutoCloseable {
    private final List<RedisTimelines> opened = new ArrayList<>();
    private final String prefix;

    SubscribedProcesses(String name) {
        this.prefix = "test:" + name + ":" + TestIds.userId().value() + ":";
    }

    /** The key prefix every process here shares (its channels are named from it). */
    String prefix() {
        return prefix;
    }

    /** A process on {@code uri} that asked for its channel with {@code channel}, once subscribed. */
    RedisTimelines open(String uri, Consumer<RedisTimelines> channel) {
        RedisTimelines redis = RedisTimelines.connect(TestRedisSettings.of(uri).withKeyPrefix(prefix));
        opened.add(redis);
        channel.accept(redis);
        await("subscribed to the channels").atMost(Duration.ofSeconds(10)).until(redis::listening);
        return redis;
    }

    @Override
    public void close() {
        opened.forEach(RedisTimelines::close);
    }
}
