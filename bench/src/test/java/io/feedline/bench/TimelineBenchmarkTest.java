package io.feedline.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.adapter.redis.RedisSettings;
import io.feedline.testsupport.ThrowawayRedis;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class TimelineBenchmarkTest {

    @Test
    void readsRedisBenchmarkQuietOutputWithItsProgressLines() {
        String output = "LPUSH: rps=0.0 (overall: nan) avg_msec=nan (overall: nan)\r"
                + "LPUSH: 85034.02 requests per second, p50=0.295 msec\n"
                + "LPUSH (needed to benchmark LRANGE): 90000.00 requests per second, p50=0.271 msec\n"
                + "LRANGE_100 (first 100 elements): rps=61234.0 (overall: 60000.0)\r"
                + "LRANGE_100 (first 100 elements): 63291.14 requests per second, p50=0.391 msec\n";

        assertThat(TimelineBenchmark.parseRedisBenchmark(output)).containsExactly(85034.02, 63291.14);
    }

    @Test
    void aSmallRunReportsEveryFigureAndLeavesNoKeyBehind() {
        try (ThrowawayRedis server = ThrowawayRedis.start()) {
            RedisSettings settings = RedisSettings.of(server.uri()).withCommandTimeout(Duration.ofSeconds(5));
            TimelineBenchmark.Report report = TimelineBenchmark.run(settings,
                    new TimelineBenchmark.Options(200, 1, 3, 300, 4, 2000));

            assertThat(report.fanoutInsertsPerSecond()).isPositive();
            assertThat(report.rangeReadsPerSecond()).isPositive();
            assertThat(report.concurrentRangeReadsPerSecond()).isPositive();
            assertThat(report.baseline()).as(report.baselineNote()).isPresent();
            assertThat(report.lines()).anySatisfy(line -> assertThat(line).contains("x LPUSH -P 16"));
            long keysLeft = server.admin().run(RedisCommands::dbsize);
            assertThat(keysLeft).isZero();
        }
    }
}
