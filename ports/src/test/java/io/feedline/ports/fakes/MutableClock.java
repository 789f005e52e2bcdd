package io.feedline.ports.fakes;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/** A clock that tests set and advance by hand; UTC, and precise to the millisecond like the stores. */
public final class MutableClock extends Clock {
    private final AtomicReference<Instant> now;

    public MutableClock(Instant start) {
        now = new AtomicReference<>(start.truncatedTo(ChronoUnit.MILLIS));
    }

    /** A clock at a fixed, readable instant, e.g. {@code "2024-01-01T00:00:00Z"}. */
    public static MutableClock at(String instant) {
        return new MutableClock(Instant.parse(instant));
    }

    public void set(Instant instant) {
        now.set(instant.truncatedTo(ChronoUnit.MILLIS));
    }

    /** Moves the clock forward (or back, for a negative amount) and returns the new instant. */
    public Instant advance(Duration amount) {
        return now.updateAndGet(t -> t.plus(amount).truncatedTo(ChronoUnit.MILLIS));
    }

    /**
     * This clock as a {@code System.nanoTime} for code that measures intervals with one: nanoseconds
     * since the epoch, so advancing the clock by a duration advances this by as much.
     */
    public long nanoTime() {
        Instant at = now.get();
        return Math.addExact(Math.multiplyExact(at.getEpochSecond(), 1_000_000_000L), at.getNano());
    }

    @Override
    public Instant instant() {
        return now.get();
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    /** A view in another zone that still follows this clock's hand. */
    @Override
    public Clock withZone(ZoneId zone) {
        Objects.requireNonNull(zone, "zone");
        if (zone.equals(ZoneOffset.UTC)) {
            return this;
        }
        MutableClock source = this;
        return new Clock() {
            @Override
            public ZoneId getZone() {
                return zone;
            }

            @Override
            public Clock withZone(ZoneId other) {
                return source.withZone(other);
            }

            @Override
            public Instant instant() {
                return source.instant();
            }
        };
    }

    @Override
    public String toString() {
        return "MutableClock[" + now.get() + "]";
    }
}
