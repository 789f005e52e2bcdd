package io.feedline.app.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.fakes.MutableClock;
import io.feedline.ports.model.PostId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class UlidIdsTest {

    @Test
    void idsMadeInOneMillisecondStillIncrease() {
        UlidIds ids = new UlidIds(MutableClock.at("2026-01-01T00:00:00Z"));
        List<PostId> made = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            made.add(ids.newPostId());
        }

        assertThat(made).isSorted().doesNotHaveDuplicates();
    }

    @Test
    void idsCarryTheClocksTime() {
        MutableClock clock = MutableClock.at("2026-01-01T00:00:00Z");
        UlidIds ids = new UlidIds(clock);
        PostId before = ids.newPostId();
        clock.advance(Duration.ofHours(1));

        PostId after = ids.newPostId();

        assertThat(before.epochMillis()).isEqualTo(clock.instant().minus(Duration.ofHours(1)).toEpochMilli());
        assertThat(after.epochMillis()).isEqualTo(clock.millis());
    }
}
