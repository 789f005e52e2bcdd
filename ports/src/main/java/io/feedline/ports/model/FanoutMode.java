package io.feedline.ports.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** When feed work is done: at write time (push), at read time (pull), or push with celebrities pulled. */
public enum FanoutMode {
    PUSH,
    PULL,
    HYBRID;

    public static FanoutMode parse(String value) {
        for (FanoutMode mode : values()) {
            if (mode.name().equalsIgnoreCase(value)) {
                return mode;
            }
        }
        throw new FeedlineException.InvalidInput(
                "fanout.mode",
                "unknown fanout.mode '" + value + "'; valid: "
                        + Arrays.stream(values()).map(m -> m.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", ")));
    }
}
