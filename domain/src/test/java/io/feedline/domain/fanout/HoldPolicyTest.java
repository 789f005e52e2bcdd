package io.feedline.domain.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class HoldPolicyTest {
    private static final int BATCH = 10;
    private static final Duration LEASE = Duration.ofSeconds(60);

    @Test
    void withNoPaceYetTheWholeHoldIsAllowed() {
        assertThat(HoldPolicy.limit(HoldPolicy.Pace.NONE, BATCH, LEASE)).isEqualTo(BATCH * HoldPolicy.STEPS_HELD);
    }

    @Test
    void slowStepsOfFewItemsOnAShortLeaseHoldOnlyTheStepsOwnJobs() {
        HoldPolicy.Pace slow = HoldPolicy.Pace.NONE.noted(Duration.ofSeconds(10), 10, BATCH, BATCH);

        assertThat(HoldPolicy.limit(slow, BATCH, Duration.ofSeconds(4))).isEqualTo(BATCH);
    }

    @Test
    void theRenewalsOfTheStepsWaitingStayUnderTheirShareOfTheItemsWritten() {
        // 250 items in 1 s a step, 30 s to half a lease: 250 x 30000 x 10 / (100 x 10 x 1000) = 75
        // steps' worth would fit, capped at the hold; 20 items: 6 more steps, 20 items in 2 s: 3.
        assertThat(HoldPolicy.limit(paceOf(1000, 250), BATCH, LEASE)).isEqualTo(BATCH * HoldPolicy.STEPS_HELD);
        assertThat(HoldPolicy.limit(paceOf(1000, 20), BATCH, LEASE)).isEqualTo(BATCH * 7);
        assertThat(HoldPolicy.limit(paceOf(2000, 20), BATCH, LEASE)).isEqualTo(BATCH * 4);
    }

    @Test
    void stepsOfFewerJobsThanABatchAddUpBeforeTheyMakeASample() {
        HoldPolicy.Pace first = HoldPolicy.Pace.NONE.noted(Duration.ofSeconds(8), 2, 2, BATCH);

        assertThat(first.stepMillis()).as("no sample yet").isZero();
        assertThat(HoldPolicy.limit(first, BATCH, LEASE)).isEqualTo(BATCH * HoldPolicy.STEPS_HELD);

        HoldPolicy.Pace sampled = first.noted(Duration.ofSeconds(2), 198, 8, BATCH);

        assertThat(sampled.stepMillis()).isEqualTo(10_000);
        assertThat(sampled.stepItems()).isEqualTo(200);
        assertThat(sampled.unsampledJobs()).isZero();
    }

    @Test
    void eachLaterSampleWeighsAQuarter() {
        HoldPolicy.Pace pace = paceOf(1000, 100).noted(Duration.ofMillis(5000), 500, BATCH, BATCH);

        assertThat(pace.stepMillis()).isEqualTo((3 * 1000 + 5000) / 4);
        assertThat(pace.stepItems()).isEqualTo((3 * 100 + 500) / 4);
    }

    @Test
    void aNegativeTimeCountsAsNoneAndASampleAsAtLeastAMillisecond() {
        HoldPolicy.Pace pace = HoldPolicy.Pace.NONE.noted(Duration.ofMillis(-50), 10, BATCH, BATCH);

        assertThat(pace.stepMillis()).isEqualTo(1);
    }

    private static HoldPolicy.Pace paceOf(long millis, long items) {
        return HoldPolicy.Pace.NONE.noted(Duration.ofMillis(millis), items, BATCH, BATCH);
    }
}
