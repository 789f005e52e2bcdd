package io.feedline.domain.fanout;

import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.Posts;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The reads a claim or a step makes once for all its jobs instead of once per job: the authors'
 * unfollow counts, which settle first pages without a check of the edges, and which posts still
 * exist (a claim of 64 deliveries made 64 reads of their posts).
 */
final class BatchReads {
    private static final Logger LOG = Logger.getLogger(BatchReads.class.getName());
    private final FollowGraph graph;
    private final Posts posts;
    private final StorageCalls storage;

    BatchReads(FollowGraph graph, Posts posts, StorageCalls storage) {
        this.graph = graph;
        this.posts = posts;
        this.storage = storage;
    }

    /**
     * The unfollow counts of the authors whose followers {@code runs} deliver to, in one read (see
     * {@link FollowGraph#unfollowCounts}); none if that read fails, and then each page is checked by
     * the edges.
     */
    Map<UserId, Long> unfollowCounts(List<DeliveryRun> runs) {
        Set<UserId> authors = new HashSet<>();
        runs.forEach(run -> {
            if (run.followedAuthor() != null) {
                authors.add(run.followedAuthor());
            }
        });
        if (authors.isEmpty()) {
            return Map.of();
        }
        try {
            return storage.call(() -> graph.unfollowCounts(authors));
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "reading the unfollow counts of " + authors.size() + " authors failed; their pages are checked", e);
            return Map.of();
        }
    }

    /** Which of the posts exist, read in one consistent batch. */
    Set<PostId> livePosts(Collection<PostRef> refs) {
        Set<PostId> live = new HashSet<>();
        storage.call(() -> posts.getAll(refs)).forEach(post -> live.add(post.id()));
        return live;
    }
}
