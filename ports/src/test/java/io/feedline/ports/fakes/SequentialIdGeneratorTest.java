package io.feedline.ports.fakes;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.PostId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SequentialIdGeneratorTest {

    @Test
    void idsIncreaseWithinOneMillisecondAndCarryTheClocksTime() {
        MutableClock clock = MutableClock.at("2024-02-03T04:05:06.789Z");
        SequentialIdGenerator ids = new SequentialIdGenerator(clock, 42);

        List<PostId> sameMillisecond = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            sameMillisecond.add(ids.newPostId());
        }

        assertThat(sameMillisecond).isSorted().doesNotHaveDuplicates();
        assertThat(sameMillisecond).allSatisfy(id ->
                assertThat(id.epochMillis()).isEqualTo(Instant.parse("2024-02-03T04:05:06.789Z").toEpochMilli()));
    }

    @Test
    void idsFollowTheClockAndNeverGoBack() {
        MutableClock clock = MutableClock.at("2024-02-03T04:05:06Z");
        SequentialIdGenerator ids = new SequentialIdGenerator(clock, 7);
        PostId first = ids.newPostId();

        clock.advance(Duration.ofSeconds(1));
        PostId later = ids.newPostId();
        clock.advance(Duration.ofSeconds(-10));
        PostId afterStepBack = ids.newPostId();

        assertThat(later.epochMillis()).isEqualTo(first.epochMillis() + 1000);
        assertThat(later).isGreaterThan(first);
        assertThat(afterStepBack).isGreaterThan(later);
        assertThat(ids.newUserId().value()).isGreaterThan(afterStepBack.value());
    }

    @Test
    void sameSeedAndClockGiveTheSameIds() {
        SequentialIdGenerator a = new SequentialIdGenerator(MutableClock.at("2024-01-01T00:00:00Z"), 3);
        SequentialIdGenerator b = new SequentialIdGenerator(MutableClock.at("2024-01-01T00:00:00Z"), 3);

        assertThat(List.of(a.newPostId(), a.newPostId(), a.newUserId()))
                .isEqualTo(List.of(b.newPostId(), b.newPostId(), b.newUserId()).stream().toList());
    }
}
