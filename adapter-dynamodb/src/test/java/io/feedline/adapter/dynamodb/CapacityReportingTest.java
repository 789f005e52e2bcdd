package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/** Each request is reported once, under its access pattern, with the time it took as the client saw it. */
class CapacityReportingTest {
    private static final Duration ENGINE_DELAY = Duration.ofMillis(40);

    @Test
    void aRequestIsReportedUnderItsPatternWithTheTimeFromItsSendingToItsAnswer() {
        Map<String, List<Long>> reported = new ConcurrentHashMap<>();
        CapacityListener listener = new CapacityListener() {
            @Override
            public void consumed(String pattern, double read, double write) {
                throw new AssertionError("the adapter reports through the timed call");
            }

            @Override
            public void consumed(String pattern, double read, double write, long nanos) {
                reported.computeIfAbsent(pattern, k -> new CopyOnWriteArrayList<>()).add(nanos);
            }
        };
        // Every request waits this long on its way out, as if the engine's queue were that deep.
        ExecutionInterceptor slowEngine = new ExecutionInterceptor() {
            @Override
            public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
                try {
                    Thread.sleep(ENGINE_DELAY);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        DynamoSettings settings = LocalDynamo.settings().withTableName("capacity-reporting-" + TestIds.userId().value());
        try (DynamoStorage storage = DynamoStorage.open(settings, listener, List.of(slowEngine), Retries.DEFAULT,
                Clock.systemUTC())) {
            storage.bootstrap();
            reported.clear();

            storage.feedItems().page(TestIds.userId(), Optional.empty(), 10);

            assertThat(reported).containsOnlyKeys("AP1_home_feed");
            assertThat(reported.get("AP1_home_feed")).singleElement()
                    .satisfies(nanos -> assertThat(nanos).isGreaterThanOrEqualTo(ENGINE_DELAY.toNanos()));
        }
    }
}
