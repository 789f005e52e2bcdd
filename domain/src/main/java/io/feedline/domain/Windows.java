package io.feedline.domain;

import io.feedline.ports.model.FeedlineException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The hot window is a cache: a failed write to it must never fail the user's request or stop a
 * durable write. Losing an update there is repaired by the next rebuild.
 */
final class Windows {
    private static final Logger LOG = Logger.getLogger(Windows.class.getName());

    private Windows() {}

    static void bestEffort(Runnable write) {
        try {
            write.run();
        } catch (FeedlineException.StorageUnavailable e) {
            LOG.log(Level.FINE, "timeline cache write skipped: {0}", e.getMessage());
        }
    }
}
