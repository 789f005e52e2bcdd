package io.feedline.app.bootstrap;

import io.feedline.app.web.Admission;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.ProcessedMedia;
import io.feedline.ports.out.MediaProcessing;
import java.io.InputStream;
import java.time.Duration;
import java.util.Objects;

/**
 * A bound on how many uploads are processed at once. A real 50 Mpx image holds about 200 MB of heap
 * while it is decoded and re-encoded (docs/adr/0023-media-store-and-processing.md), and requests
 * run on virtual threads without limit, so a burst of uploads would otherwise grow the heap past
 * its size. As with password hashes (ADR-0017), a caller that finds every slot taken waits its turn
 * in a fair queue of bounded length for a bounded time; past either it is refused with
 * {@link FeedlineException.Overloaded} (a 503 with Retry-After) before its file is read.
 */
final class BoundedMediaProcessing implements MediaProcessing {
    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    private final MediaProcessing delegate;
    private final Admission slots;

    BoundedMediaProcessing(MediaProcessing delegate, Admission.Bounds bounds) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.slots = new Admission(bounds);
    }

    @Override
    public ProcessedMedia process(InputStream upload) {
        if (!slots.enter()) {
            throw new FeedlineException.Overloaded("too many uploads are being processed; retry shortly", RETRY_AFTER);
        }
        try {
            return delegate.process(upload);
        } finally {
            slots.leave();
        }
    }

    /** Uploads waiting for a slot now. */
    int waiting() {
        return slots.waiting();
    }
}
