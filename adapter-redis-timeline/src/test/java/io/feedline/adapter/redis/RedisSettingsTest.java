package io.feedline.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RedisSettingsTest {

    @Test
    void aPrefixThatWouldMoveTheHashTagIsRejected() {
        assertThatThrownBy(() -> RedisSettings.of("redis://localhost").withKeyPrefix("app{1}:"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("prefix");
        assertThatThrownBy(() -> RedisSettings.of("redis://localhost").withKeyPrefix("app*"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(RedisSettings.of("redis://localhost").withKeyPrefix("feedline-prod:").keyPrefix())
                .isEqualTo("feedline-prod:");
    }

    @Test
    void defaultsAreTheDocumentedOnes() {
        RedisSettings settings = RedisSettings.of("redis://localhost");

        assertThat(settings.cap()).isEqualTo(800);
        assertThat(settings.commandTimeout()).hasMillis(500);
        assertThat(settings.keyPrefix()).isEmpty();
    }

    @Test
    void printedSettingsHideThePassword() {
        RedisSettings settings = RedisSettings.of("redis://default:s3cret@cache.internal:6379/2");

        assertThat(settings.toString()).doesNotContain("s3cret").contains("cache.internal:6379/2");
    }

    @Test
    void aClusterUriListsItsSeeds() {
        RedisTarget target = RedisTarget.parse("redis-cluster://10.0.0.1:7000, 10.0.0.2:7001,cache-3:7002");

        assertThat(target).isInstanceOfSatisfying(RedisTarget.Cluster.class, cluster -> {
            assertThat(cluster.seeds()).extracting(seed -> seed.getHost() + ":" + seed.getPort())
                    .containsExactly("10.0.0.1:7000", "10.0.0.2:7001", "cache-3:7002");
            assertThat(cluster.seeds()).allSatisfy(seed -> assertThat(seed.isSsl()).isFalse());
        });
        RedisTarget secured = RedisTarget.parse("rediss-cluster://default:s3cret@a:7000,b:7001");
        assertThat(secured).isInstanceOfSatisfying(RedisTarget.Cluster.class, cluster ->
                assertThat(cluster.seeds()).allSatisfy(seed -> {
                    assertThat(seed.isSsl()).isTrue();
                    assertThat(new String(seed.getCredentialsProvider().resolveCredentials().block().getPassword()))
                            .isEqualTo("s3cret");
                }));
        assertThat(RedisTarget.parse("redis://cache:6380/2")).isInstanceOf(RedisTarget.Standalone.class);
    }

    @Test
    void aBadUriIsRejectedNamingTheKey() {
        for (String bad : new String[] {"", "localhost:6379", "http://cache:6379", "redis-cluster://", "redis-cluster://a:1,,b:2",
                "redis-cluster://a:1/2", "redis://", "redis-cluster://a:notaport"}) {
            assertThatThrownBy(() -> RedisSettings.of(bad)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("redis.uri");
        }
        assertThatThrownBy(() -> RedisSettings.of("redis-cluster://user:s3cret@a:1,,b:2"))
                .hasMessageNotContaining("s3cret");
    }
}
