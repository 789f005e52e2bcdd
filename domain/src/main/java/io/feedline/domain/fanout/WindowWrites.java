package io.feedline.domain.fanout;

import io.feedline.ports.model.UserId;
import io.feedline.ports.out.TimelineCache;
import java.util.Collection;
import java.util.function.Consumer;

/** The hot windows as the fan-out writes them: a write that fails evicts or distrusts the windows it missed. */
public interface WindowWrites {
    /** Runs {@code write}, which touches the windows of {@code readers}; a failure is the windows' own, never the caller's. */
    void update(Collection<UserId> readers, Consumer<TimelineCache> write);
}
