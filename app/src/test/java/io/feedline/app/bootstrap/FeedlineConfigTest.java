package io.feedline.app.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.FanoutMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FeedlineConfigTest {
    private static final String SECRET = "a-token-secret-that-is-long-enough-to-use";

    @Test
    void defaultsAreTheEmbeddedProfileWithAHybridFeed() {
        FeedlineConfig config = FeedlineConfig.load(Optional.empty(), Map.of());

        assertThat(config.profile()).isEqualTo(FeedlineConfig.Profile.EMBEDDED);
        assertThat(config.users()).isEqualTo(FeedlineConfig.UsersStore.DYNAMODB);
        assertThat(config.timelines()).isEqualTo(FeedlineConfig.TimelinesStore.MEMORY);
        assertThat(config.memory().orElseThrow().maxWindows()).isEqualTo(10_000);
        assertThat(config.memory().orElseThrow().windowCap()).isEqualTo(800);
        assertThat(config.redis()).isEmpty();
        assertThat(config.feed().mode()).isEqualTo(FanoutMode.HYBRID);
        assertThat(config.feed().celebrityThreshold()).isEqualTo(10_000);
        assertThat(config.feed().backfillPosts()).isEqualTo(100);
        assertThat(config.feed().windowSize()).isEqualTo(800);
        assertThat(config.feed().celebrityReadsTtl()).isEqualTo(Duration.ofSeconds(1));
        assertThat(config.feedRetention()).isEqualTo(Duration.ofDays(90));
        assertThat(config.http().maxRequestBytes()).isEqualTo(128 * 1024);
        assertThat(config.http().port()).isEqualTo(8080);
        assertThat(config.dynamo().dataDir()).isEqualTo(Path.of("./data"));
        assertThat(config.secrets().tokenSecret()).isEmpty();
    }

    @Test
    void aFileOverridesTheDefaultsAndTheEnvironmentOverridesTheFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("feedline.conf");
        Files.writeString(file, """
                fanout { mode = pull, celebrity-threshold = 50 }
                timelines.cap = 200
                """);

        FeedlineConfig fromFile = FeedlineConfig.load(Optional.of(file), Map.of());
        FeedlineConfig fromEnvironment = FeedlineConfig.load(Optional.of(file), Map.of(
                "FEEDLINE_FANOUT_MODE", "push", "FEEDLINE_HTTP_RATE_LIMIT_REQUESTS", "7"));

        assertThat(fromFile.feed().mode()).isEqualTo(FanoutMode.PULL);
        assertThat(fromFile.feed().celebrityThreshold()).isEqualTo(50);
        assertThat(fromFile.feed().windowSize()).isEqualTo(200);
        assertThat(fromEnvironment.feed().mode()).isEqualTo(FanoutMode.PUSH);
        assertThat(fromEnvironment.feed().celebrityThreshold()).isEqualTo(50);
        assertThat(fromEnvironment.http().limits().perCaller().requests()).isEqualTo(7);
    }

    @Test
    void feedlineConfigNamesTheFileWhenNoneIsGiven(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("other.conf");
        Files.writeString(file, "fanout.backfill-posts = 3\n");

        FeedlineConfig config = FeedlineConfig.load(Optional.empty(), Map.of("FEEDLINE_CONFIG", file.toString()));

        assertThat(config.feed().backfillPosts()).isEqualTo(3);
    }

    @Test
    void everyKeyHasAnEnvironmentVariableByOneRule() {
        assertThat(FeedlineConfig.keys())
                .contains(new FeedlineConfig.Key("fanout.celebrity-threshold", "FEEDLINE_FANOUT_CELEBRITY_THRESHOLD", "10000"))
                .contains(new FeedlineConfig.Key("token.secret", "FEEDLINE_TOKEN_SECRET", "\"\""))
                .allSatisfy(key -> assertThat(key.environmentVariable())
                        .isEqualTo("FEEDLINE_" + key.name().toUpperCase().replace('.', '_').replace('-', '_')));
    }

    @Test
    void unknownChoicesFailListingTheValidOnes() {
        assertThatThrownBy(() -> FeedlineConfig.load(Optional.empty(), Map.of("FEEDLINE_FANOUT_MODE", "sideways")))
                .isInstanceOf(InvalidConfiguration.class)
                .hasMessageContaining("sideways").hasMessageContaining("push, pull, hybrid");
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("storage.users", "mongo")))
                .isInstanceOf(InvalidConfiguration.class)
                .hasMessageContaining("storage.users").hasMessageContaining("postgres, dynamodb");
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("storage.timelines", "memcached")))
                .hasMessageContaining("redis, memory");
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("profile", "cloud")))
                .hasMessageContaining("embedded, polyglot");
    }

    @Test
    void timelinesOnDynamodbAreNoLongerAChoiceAndSayWhatIs() {
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("storage.timelines", "dynamodb")))
                .isInstanceOf(InvalidConfiguration.class)
                .hasMessageContaining("storage.timelines 'dynamodb'").hasMessageContaining("valid: redis, memory");
        assertThatThrownBy(() -> FeedlineConfig.load(Optional.empty(), Map.of("FEEDLINE_STORAGE_TIMELINES", "dynamodb")))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("redis, memory");
    }

    @Test
    void wrongTypesAndRangesFailAtStart() {
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("http.port", "eighty")))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("http.port");
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("fanout.celebrity-threshold", 0)))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("celebrity-threshold");
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("http.rate-limit.period", "0s")))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("http.rate-limit.period");
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("memory.max-windows", 0)))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("memory.max-windows");
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("profile", "polyglot", "token.secret", SECRET, "timelines.max-local", -1)))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("timelines.max-local");
        assertThat(FeedlineConfig.of(Map.of("profile", "polyglot", "token.secret", SECRET, "timelines.max-local", 0))
                .redis().orElseThrow().windowNearCacheSize()).as("zero keeps no window near").isZero();
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("feed.celebrity-reads-ttl", "-1s")))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("feed.celebrity-reads-ttl");
        assertThat(FeedlineConfig.of(Map.of("feed.celebrity-reads-ttl", "0s")).feed().celebrityReadsTtl())
                .as("zero keeps nothing").isZero();
    }

    @Test
    void theTokenSecretIsRequiredOutsideTheEmbeddedProfileAndMustBeLongEnough() {
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("profile", "polyglot")))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("FEEDLINE_TOKEN_SECRET");
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("token.secret", "short")))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("at least 32 bytes");
        assertThat(FeedlineConfig.of(Map.of("profile", "polyglot", "token.secret", SECRET)).secrets().tokenSecret()).contains(SECRET);
    }

    @Test
    void eachPortCanBeMovedOffTheProfilesChoice() {
        FeedlineConfig polyglot = FeedlineConfig.of(Map.of("profile", "polyglot", "token.secret", SECRET));
        FeedlineConfig mixed = FeedlineConfig.of(Map.of("profile", "polyglot", "token.secret", SECRET, "storage.timelines", "memory",
                "memory.max-windows", 50));
        FeedlineConfig embeddedWithRedis = FeedlineConfig.of(Map.of("storage.timelines", "redis"));

        assertThat(polyglot.users()).isEqualTo(FeedlineConfig.UsersStore.POSTGRES);
        assertThat(polyglot.timelines()).isEqualTo(FeedlineConfig.TimelinesStore.REDIS);
        assertThat(mixed.users()).isEqualTo(FeedlineConfig.UsersStore.POSTGRES);
        assertThat(mixed.timelines()).isEqualTo(FeedlineConfig.TimelinesStore.MEMORY);
        assertThat(mixed.redis()).isEmpty();
        assertThat(mixed.memory().orElseThrow().maxWindows()).isEqualTo(50);
        assertThat(embeddedWithRedis.timelines()).isEqualTo(FeedlineConfig.TimelinesStore.REDIS);
        assertThat(embeddedWithRedis.redis().orElseThrow().cap()).isEqualTo(800);
        assertThat(embeddedWithRedis.memory()).isEmpty();
    }

    @Test
    void redisUriTakesAClusterAndABadOneFailsAtLoadNamingTheKey() {
        FeedlineConfig cluster = FeedlineConfig.of(Map.of("profile", "polyglot", "token.secret", SECRET,
                "redis.uri", "redis-cluster://10.0.0.1:7000,10.0.0.2:7000,10.0.0.3:7000"));
        assertThat(cluster.redis().orElseThrow().uri()).startsWith("redis-cluster://");

        for (String bad : new String[] {"cache:6379", "redis-cluster://a:7000,,b:7000", "redis-cluster://a:7000/1"}) {
            assertThatThrownBy(() -> FeedlineConfig.of(Map.of("profile", "polyglot", "token.secret", SECRET, "redis.uri", bad)))
                    .as(bad).isInstanceOf(InvalidConfiguration.class).hasMessageContaining("redis.uri");
        }
    }

    @Test
    void secretsNeverShowInTheConfigurationsText() {
        FeedlineConfig config = FeedlineConfig.of(Map.of("profile", "polyglot", "token.secret", SECRET,
                "postgres.password", "hunter2-database-password"));

        assertThat(config.toString()).doesNotContain(SECRET).doesNotContain("hunter2");
    }

    @Test
    void aMissingFileIsAnError(@TempDir Path dir) {
        assertThatThrownBy(() -> FeedlineConfig.load(Optional.of(dir.resolve("absent.conf")), Map.of()))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("absent.conf");
    }

    @Test
    void inProcessFanoutFollowsTheCoresWithinItsBoundsAndTakesItsBatchAndConcurrency() {
        FeedlineConfig defaults = FeedlineConfig.load(Optional.empty(), Map.of());

        assertThat(defaults.inProcessWorkers()).isEqualTo(FeedlineConfig.autoWorkers(Runtime.getRuntime().availableProcessors()));
        assertThat(FeedlineConfig.autoWorkers(1)).isEqualTo(2);
        assertThat(FeedlineConfig.autoWorkers(2)).isEqualTo(2);
        assertThat(FeedlineConfig.autoWorkers(6)).isEqualTo(6);
        assertThat(FeedlineConfig.autoWorkers(96)).isEqualTo(8);
        assertThat(defaults.feed().jobsPerClaim()).isEqualTo(64);
        assertThat(defaults.feed().workerConcurrency()).isEqualTo(16);
        assertThat(defaults.fanoutBacklogThreshold()).isEqualTo(Duration.ofSeconds(10));

        FeedlineConfig set = FeedlineConfig.load(Optional.empty(), Map.of(
                "FEEDLINE_WORKER_IN_PROCESS", "3", "FEEDLINE_WORKER_LOOPS", "auto", "FEEDLINE_WORKER_BATCH", "12",
                "FEEDLINE_WORKER_CONCURRENCY", "4", "FEEDLINE_FANOUT_BACKLOG_THRESHOLD", "2s"));
        assertThat(set.inProcessWorkers()).isEqualTo(3);
        assertThat(set.workerLoops()).isEqualTo(FeedlineConfig.autoWorkers(Runtime.getRuntime().availableProcessors()));
        assertThat(set.feed().jobsPerClaim()).isEqualTo(12);
        assertThat(set.feed().workerConcurrency()).isEqualTo(4);
        assertThat(set.fanoutBacklogThreshold()).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void workerCountsOutsideTheirBoundsStopTheStartNamingTheKey() {
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("worker.in-process", 65)))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("worker.in-process must be auto or between 0 and 64");
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("worker.in-process", "lots")))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("worker.in-process must be auto or a whole number");
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("worker.loops", 0)))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("worker.loops must be auto or between 1 and 64");
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("worker.concurrency", 0)))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("worker.concurrency must be between 1 and 1000");
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("fanout.backlog-threshold", "0s")))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("fanout.backlog-threshold must be a positive duration");
    }

    @Test
    void rateLimitBucketsFollowTheTimelinesUnlessSet() {
        assertThat(FeedlineConfig.of(Map.of()).rateLimits()).isEqualTo(FeedlineConfig.RateLimitsStore.LOCAL);
        assertThat(FeedlineConfig.of(Map.of("storage.timelines", "redis")).rateLimits())
                .isEqualTo(FeedlineConfig.RateLimitsStore.REDIS);
        assertThat(FeedlineConfig.of(Map.of("storage.timelines", "redis", "http.rate-limit.store", "local")).rateLimits())
                .isEqualTo(FeedlineConfig.RateLimitsStore.LOCAL);

        FeedlineConfig sharedOnly = FeedlineConfig.of(Map.of("http.rate-limit.store", "redis"));
        assertThat(sharedOnly.rateLimits()).isEqualTo(FeedlineConfig.RateLimitsStore.REDIS);
        assertThat(sharedOnly.timelines()).isEqualTo(FeedlineConfig.TimelinesStore.MEMORY);
        assertThat(sharedOnly.redis()).as("the buckets' Redis settings").isPresent();

        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("http.rate-limit.store", "memcached")))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("local, redis");
    }

    @Test
    void theRequestDeadlineDefaultsToTenSecondsAndMustBePositive() {
        assertThat(FeedlineConfig.of(Map.of()).http().requestTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(FeedlineConfig.of(Map.of("http.request-timeout", "750ms")).http().requestTimeout())
                .isEqualTo(Duration.ofMillis(750));
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("http.request-timeout", "0s")))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("http.request-timeout");
    }
}
