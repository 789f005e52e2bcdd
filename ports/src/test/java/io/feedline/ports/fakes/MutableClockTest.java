package io.feedline.ports.fakes;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class MutableClockTest {

    @Test
    void clockStaysWhereItIsSetAndAdvancesByHand() {
        MutableClock clock = MutableClock.at("2024-01-01T00:00:00Z");

        assertThat(clock.instant()).isEqualTo(Instant.parse("2024-01-01T00:00:00Z"));
        assertThat(clock.instant()).isEqualTo(clock.instant());

        assertThat(clock.advance(Duration.ofMinutes(5))).isEqualTo(Instant.parse("2024-01-01T00:05:00Z"));
        clock.set(Instant.parse("2030-06-01T10:00:00Z"));
        assertThat(clock.millis()).isEqualTo(Instant.parse("2030-06-01T10:00:00Z").toEpochMilli());
        assertThat(clock.getZone()).isEqualTo(ZoneOffset.UTC);
    }

    @Test
    void clockKeepsMillisecondsOnly() {
        MutableClock clock = new MutableClock(Instant.parse("2024-01-01T00:00:00.123456789Z"));

        assertThat(clock.instant()).isEqualTo(Instant.parse("2024-01-01T00:00:00.123Z"));
        assertThat(clock.advance(Duration.ofNanos(999_999))).isEqualTo(Instant.parse("2024-01-01T00:00:00.123Z"));
    }

    @Test
    void itsNanoTimeMovesWithItsHand() {
        MutableClock clock = MutableClock.at("2024-01-01T00:00:00Z");
        long before = clock.nanoTime();

        clock.advance(Duration.ofMillis(600));

        assertThat(clock.nanoTime() - before).isEqualTo(Duration.ofMillis(600).toNanos());
    }

    @Test
    void aZonedViewFollowsTheSameHand() {
        MutableClock clock = MutableClock.at("2024-01-01T00:00:00Z");
        var paris = clock.withZone(ZoneId.of("Europe/Paris"));

        clock.advance(Duration.ofHours(1));

        assertThat(paris.instant()).isEqualTo(Instant.parse("2024-01-01T01:00:00Z"));
        assertThat(paris.getZone()).isEqualTo(ZoneId.of("Europe/Paris"));
    }
}
