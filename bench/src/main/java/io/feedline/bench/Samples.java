package io.feedline.bench;

import java.time.Duration;
import java.util.Arrays;

/** Latencies of one kind of operation, in nanoseconds, summarised by nearest-rank percentiles. */
final class Samples {
    private long[] values = new long[1024];
    private int size;

    synchronized void add(long nanos) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = nanos;
    }

    synchronized int count() {
        return size;
    }

    /** The {@code percent}th percentile in milliseconds, by nearest rank; NaN when empty. */
    synchronized double millis(double percent) {
        return size == 0 ? Double.NaN : nanos(percent) / 1e6;
    }

    /** The {@code percent}th percentile, by nearest rank. */
    synchronized Duration percentile(double percent) {
        if (size == 0) {
            throw new IllegalStateException("no samples");
        }
        return Duration.ofNanos(nanos(percent));
    }

    private long nanos(double percent) {
        long[] sorted = Arrays.copyOf(values, size);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(percent / 100.0 * size);
        return sorted[Math.max(0, rank - 1)];
    }

    synchronized double totalMillis() {
        long total = 0;
        for (int i = 0; i < size; i++) {
            total += values[i];
        }
        return total / 1e6;
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
