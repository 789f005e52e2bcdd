package io.feedline.app.bootstrap;

import com.github.f4b6a3.ulid.UlidFactory;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.IdGenerator;
import java.security.SecureRandom;
import java.time.Clock;

/**
 * Monotonic ULIDs on the core's clock: ids made in the same millisecond still increase, so the id
 * order is the publication order that every feed relies on.
 */
final class UlidIds implements IdGenerator {
    private final UlidFactory factory;

    UlidIds(Clock clock) {
        this.factory = UlidFactory.newMonotonicInstance(new SecureRandom(), clock::millis);
    }

    @Override
    public PostId newPostId() {
        return PostId.of(factory.create().toString());
    }

    @Override
    public UserId newUserId() {
        return UserId.of(factory.create().toString());
    }
}
