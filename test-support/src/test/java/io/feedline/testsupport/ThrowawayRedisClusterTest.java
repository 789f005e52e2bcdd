package io.feedline.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.sync.RedisAdvancedClusterCommands;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ThrowawayRedisClusterTest {

    private static long keysOn(ThrowawayRedis node) {
        return node.admin().run(commands -> commands.dbsize());
    }

    @Test
    void threeMastersShareTheSlotsAndReadsKeepAnsweringWhileASlotMoves() throws InterruptedException {
        try (ThrowawayRedisCluster cluster = ThrowawayRedisCluster.start(3)) {
            assertThat(cluster.seeds()).hasSize(3);
            RedisClusterClient client = RedisClusterClient.create(cluster.seeds().stream().map(RedisURI::create).toList());
            client.setOptions(ClusterClientOptions.builder()
                    .topologyRefreshOptions(ClusterTopologyRefreshOptions.builder().enableAllAdaptiveRefreshTriggers().build())
                    .build());
            try (StatefulRedisClusterConnection<String, String> connection = client.connect()) {
                RedisAdvancedClusterCommands<String, String> redis = connection.sync();
                for (int i = 0; i < 300; i++) {
                    redis.set("key:" + i, "value " + i);
                }
                // Keys spread over every master.
                assertThat(cluster.nodes()).allSatisfy(node ->
                        assertThat(keysOn(node)).isPositive());

                String moving = "key:7";
                ThrowawayRedis before = cluster.ownerOf(moving);
                AtomicBoolean stop = new AtomicBoolean();
                AtomicLong reads = new AtomicLong();
                AtomicReference<Throwable> failure = new AtomicReference<>();
                Thread reader = Thread.ofVirtual().start(() -> {
                    while (!stop.get()) {
                        try {
                            assertThat(redis.get(moving)).isEqualTo("value 7");
                            reads.incrementAndGet();
                        } catch (Throwable e) {
                            failure.compareAndSet(null, e);
                            return;
                        }
                    }
                });
                ThrowawayRedis after = cluster.moveSlotOf(moving);
                Thread.sleep(200);
                stop.set(true);
                reader.join(Duration.ofSeconds(10));

                assertThat(failure.get()).isNull();
                assertThat(reads.get()).isPositive();
                assertThat(after).isNotSameAs(before);
                assertThat(cluster.ownerOf(moving)).isSameAs(after);
                assertThat(redis.get(moving)).isEqualTo("value 7");
                long onNewOwner = after.admin().run(commands -> commands.exists(moving));
                assertThat(onNewOwner).isEqualTo(1L);
            } finally {
                client.shutdown();
            }
            cluster.flushAll();
            assertThat(cluster.nodes()).allSatisfy(node ->
                    assertThat(keysOn(node)).isZero());
            List<String> seeds = cluster.seeds();
            assertThat(seeds).allSatisfy(seed -> assertThat(seed).startsWith("redis://127.0.0.1:"));
        }
    }
}
