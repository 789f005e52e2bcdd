package io.feedline.ports.in;

import io.feedline.ports.model.ExploreUsers;
import io.feedline.ports.model.ExploreWindow;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.UserId;
import java.util.Optional;

/** Explore: posts and accounts for anyone, whoever they follow. */
public interface ReadExplore {

    /**
     * Every public post that starts a thread (no replies, no reposts), newest first, as shown to
     * {@code reader} (empty: signed out).
     */
    Page<Post> latest(Optional<UserId> reader, PageRequest page);

    /**
     * The posts published within {@code window}, by engagement (likes + 2 x reposts + replies),
     * from the precomputed ranking; at most {@link io.feedline.ports.model.Ranking#MAX_ENTRIES}.
     */
    Page<Post> popular(Optional<UserId> reader, ExploreWindow window, PageRequest page);

    /** The accounts with the most followers and the newest accounts, at most {@code limit} each. */
    ExploreUsers users(int limit);
}
