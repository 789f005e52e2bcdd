package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * A burst's claim of 64 jobs carries about 21 mentions, each a row of its own: they are written all
 * at once, not in rounds (ADR-0014: in rounds of 8, a worker's mentions fell behind its claims).
 */
class NotificationRowsInFlightTest {
    private static final int MENTIONS = 21;

    @Test
    void aClaimsTwentyOneMentionsAreWrittenAllAtOnce() {
        CountDownLatch inFlight = new CountDownLatch(MENTIONS);
        AtomicBoolean recording = new AtomicBoolean();
        AtomicBoolean aWriteWaitedInVain = new AtomicBoolean();
        // While the claim is recorded, each row's transaction waits, up to 5 s, until all of them have been sent.
        ExecutionInterceptor meetAll = new ExecutionInterceptor() {
            @Override
            public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
                if (recording.get() && context.request() instanceof TransactWriteItemsRequest) {
                    inFlight.countDown();
                    try {
                        if (!inFlight.await(5, TimeUnit.SECONDS)) {
                            aWriteWaitedInVain.set(true);
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
        };
        try (DynamoStorage storage = LocalDynamo.freshTable("notification-rows", List.of(meetAll), Retries.DEFAULT)) {
            List<UserId> mentioned = new ArrayList<>();
            for (int i = 0; i < MENTIONS; i++) {
                UserId recipient = TestIds.userId();
                mentioned.add(recipient);
                storage.fanoutJobs().enqueue(new FanoutJob.Notify(new NotificationEvent(recipient, NotificationType.MENTION,
                        Optional.of(TestIds.postId()), TestIds.userId(), Instant.now())));
            }
            List<ClaimedJob> claimed = storage.fanoutJobs().claim("notifier", 64, Instant.now(), Duration.ofMinutes(5));
            assertThat(claimed).hasSize(MENTIONS);
            recording.set(true);

            assertThat(storage.notifications().recordClaimed(claimed)).isEqualTo(MENTIONS);

            assertThat(aWriteWaitedInVain).as("every row's write was in flight at once: none waited in vain for the others")
                    .isFalse();
            assertThat(inFlight.getCount()).isZero();
            assertThat(mentioned).allSatisfy(recipient ->
                    assertThat(storage.notifications().page(recipient, Set.of(), PageRequest.first(10)).items()).hasSize(1));
            assertThat(storage.fanoutJobs().pending()).isZero();
        }
    }
}
