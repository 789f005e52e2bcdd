package io.feedline.domain.fanout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.domain.fanout.ParallelTasks.Outcome;
import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HeldJobsTest {
    private static final FanoutSettings SETTINGS = new FanoutSettings(Duration.ofMillis(10), Duration.ofSeconds(60), 10, 4,
            100, 20, Duration.ofDays(30), 100);

    private static DeliveryRun run(long millis) {
        PostRef post = new PostRef(PostId.firstOf(millis), UserId.of("01ARZ3NDEKTSV4RRFFQ69G5FAV"));
        return new DeliveryRun(new ClaimedJob(new FanoutJob.Deliver(post), "worker", Instant.EPOCH, Optional.empty(), 0), null);
    }

    @Test
    void jobsAreHeldOldestFirstAndADroppedOneMakesRoom() {
        HeldJobs held = new HeldJobs(SETTINGS);
        DeliveryRun first = run(1);
        DeliveryRun second = run(2);
        DeliveryRun third = run(3);
        held.add(List.of(first, second));
        held.add(List.of(third));

        held.drop(second);

        assertThat(held.now()).containsExactly(first, third);
        assertThat(held.count()).isEqualTo(2);
        assertThat(held.await()).as("jobs to step through").isTrue();
    }

    @Test
    void theLimitIsTheWholeHoldUntilSlowStepsAreNoted() {
        HeldJobs held = new HeldJobs(SETTINGS);
        assertThat(held.limit()).isEqualTo(10 * HoldPolicy.STEPS_HELD);

        held.noteStep(Duration.ofSeconds(10), 10, 10);

        assertThat(held.limit()).isEqualTo(HoldPolicy.limit(
                HoldPolicy.Pace.NONE.noted(Duration.ofSeconds(10), 10, 10, 10), 10, SETTINGS.jobLease()));
        assertThat(held.limit()).isLessThan(10 * HoldPolicy.STEPS_HELD);
    }

    @Test
    void theSteppingThreadRethrowsTheErrorThatEndedTheClaiming() {
        HeldJobs held = new HeldJobs(SETTINGS);
        held.claimingDied(new OutOfMemoryError("simulated"));

        assertThatThrownBy(held::await).isInstanceOf(OutOfMemoryError.class).hasMessage("simulated");
    }

    @Test
    void anErrorAmongOutcomesLetsGoOfEveryHeldJobAndIsRethrown() {
        HeldJobs held = new HeldJobs(SETTINGS);
        held.add(List.of(run(1), run(2)));
        List<Outcome<Integer>> outcomes = List.of(new Outcome<>(1, null), new Outcome<>(null, new StackOverflowError()));

        assertThatThrownBy(() -> held.rethrowErrors(outcomes)).isInstanceOf(StackOverflowError.class);
        assertThat(held.count()).isZero();
    }

    @Test
    void aFailureThatIsNotAnErrorKeepsTheJobsHeld() {
        HeldJobs held = new HeldJobs(SETTINGS);
        held.add(List.of(run(1)));

        held.rethrowErrors(List.of(new Outcome<>(null, new IllegalStateException("the engine refused"))));

        assertThat(held.count()).isEqualTo(1);
    }
}
