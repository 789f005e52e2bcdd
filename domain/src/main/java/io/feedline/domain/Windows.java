package io.feedline.domain;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.out.TimelineCache;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The one place that writes to the hot window. It is a cache: a failed write to it must never fail
 * the user's request or stop a durable write (the next rebuild repairs it).
 */
final class Windows {
    private static final Logger LOG = Logger.getLogger(Windows.class.getName());

    private Windows() {}

    static void update(TimelineCache window, Consumer<TimelineCache> write) {
        try {
            write.accept(window);
        } catch (FeedlineException.StorageUnavailable e) {
            LOG.log(Level.FINE, "timeline cache write skipped: {0}", e.getMessage());
        }
    }
}
