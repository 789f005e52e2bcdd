package io.feedline.domain.fanout;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.UserId;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a step takes from one job: its deliveries, whether their windows were already written
 * (read ahead), the position after them, and whether they end the job.
 */
record Batch(List<Delivery> deliveries, boolean windowed, Optional<PageToken> position, boolean last) {
    Batch windowedNow() {
        return new Batch(deliveries, true, position, last);
    }

    Batch keeping(Set<UserId> readers) {
        return new Batch(deliveries.stream().filter(delivery -> readers.contains(delivery.reader())).toList(),
                windowed, position, last);
    }
}
