package io.feedline.ports.model;

import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.stream.Collectors;

/** The windows of the popular posts: the posts published within one of them, ranked by engagement. */
public enum ExploreWindow {
    HOUR("1h", Duration.ofHours(1)),
    DAY("24h", Duration.ofHours(24)),
    WEEK("7d", Duration.ofDays(7));

    private final String label;
    private final Duration length;

    ExploreWindow(String label, Duration length) {
        this.label = label;
        this.length = length;
    }

    /** As written in a request and in the ranking's name: {@code 1h}, {@code 24h}, {@code 7d}. */
    public String label() {
        return label;
    }

    public Duration length() {
        return length;
    }

    /** @throws FeedlineException.InvalidInput naming {@code window} for any other value */
    public static ExploreWindow parse(String value) {
        Objects.requireNonNull(value, "value");
        for (ExploreWindow window : values()) {
            if (window.label.equals(value)) {
                return window;
            }
        }
        throw new FeedlineException.InvalidInput("window", "window must be one of "
                + Arrays.stream(values()).map(ExploreWindow::label).collect(Collectors.joining(", ")));
    }
}
