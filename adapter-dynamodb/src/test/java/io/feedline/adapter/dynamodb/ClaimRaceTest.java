package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * Two workers claiming the same jobs, on DynamoDB Local: a claim leases the jobs it read in one
 * transaction, and another worker may take some of them between its read and its write.
 */
class ClaimRaceTest {

    @Test
    void aClaimWhoseTransactionMeetsJobsAnotherWorkerTookSendsItAgainWithoutThemAndHoldsTheRest() {
        DynamoSettings settings = LocalDynamo.settings().withTableName("claim-race-" + System.nanoTime());
        RequestCounter requests = new RequestCounter();
        AtomicReference<Runnable> beforeFirstLeases = new AtomicReference<>();
        ExecutionInterceptor rivalFirst = new ExecutionInterceptor() {
            @Override
            public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                Runnable rival = context.request() instanceof TransactWriteItemsRequest ? beforeFirstLeases.getAndSet(null) : null;
                if (rival != null) {
                    rival.run();
                }
            }
        };
        try (DynamoStorage mine = LocalDynamo.open(settings, List.of(rivalFirst, requests), Retries.DEFAULT, Clock.systemUTC());
                DynamoStorage theirs = LocalDynamo.open(settings, List.of(), Retries.DEFAULT, Clock.systemUTC())) {
            mine.bootstrap();
            UserId author = TestIds.userId();
            List<FanoutJob> jobs = IntStream.range(0, 10)
                    .<FanoutJob>mapToObj(i -> new FanoutJob.Deliver(new PostRef(TestIds.postId(), author))).toList();
            jobs.forEach(mine.fanoutJobs()::enqueue);
            Instant now = Instant.now().plusSeconds(1);
            // The rival claims 3 of the 10 after this claim has read all 10 and before it writes.
            AtomicReference<List<ClaimedJob>> taken = new AtomicReference<>();
            beforeFirstLeases.set(() -> taken.set(theirs.fanoutJobs().claim("rival", 3, now, Duration.ofMinutes(5))));
            requests.reset();

            List<ClaimedJob> claimed = mine.fanoutJobs().claim("w1", 10, now, Duration.ofMinutes(5));

            assertThat(taken.get()).hasSize(3);
            assertThat(claimed).as("the 7 jobs the rival did not take").hasSize(7).allSatisfy(job -> {
                assertThat(job.leaseOwner()).isEqualTo("w1");
                assertThat(job.attempts()).isEqualTo(1);
                assertThat(job.leaseUntil()).isEqualTo(now.plus(Duration.ofMinutes(5)).truncatedTo(java.time.temporal.ChronoUnit.MILLIS));
            });
            assertThat(claimed).extracting(ClaimedJob::job)
                    .doesNotContainAnyElementsOf(taken.get().stream().map(ClaimedJob::job).toList());
            assertThat(requests.count("TransactWriteItems")).as("cancelled by the 3 taken, then sent without them").isEqualTo(2);
            // The leases held are the ones written: each renews and completes.
            claimed.forEach(job -> mine.fanoutJobs().complete(mine.fanoutJobs().renew(job, now, Duration.ofMinutes(5))));
            assertThat(mine.fanoutJobs().claim("w1", 10, now.plus(Duration.ofMinutes(10)), Duration.ofMinutes(5)))
                    .as("only the rival's are left, once its leases run out").extracting(ClaimedJob::job)
                    .containsExactlyInAnyOrderElementsOf(taken.get().stream().map(ClaimedJob::job).toList());
        }
    }
}
