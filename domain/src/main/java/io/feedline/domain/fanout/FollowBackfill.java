package io.feedline.domain.fanout;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.FeedItems;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.Posts;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A follow's backfill, worked from the relations lane (ADR-0021): the followee's newest posts of
 * the last feed retention are copied into the follower's durable feed, and the hot window is
 * dropped so the next read rebuilds it from the feed. Adding the old posts to the window directly
 * could leave a hole where the window was trimmed before. Idempotent: a redone job writes the same
 * items again.
 */
final class FollowBackfill {
    private final FollowGraph graph;
    private final Posts posts;
    private final FeedItems feedItems;
    private final WindowWrites windows;
    private final FanoutJobs jobs;
    private final Clock clock;
    private final FanoutSettings settings;

    FollowBackfill(FollowGraph graph, Posts posts, FeedItems feedItems, WindowWrites windows, FanoutJobs jobs, Clock clock,
            FanoutSettings settings) {
        this.graph = graph;
        this.posts = posts;
        this.feedItems = feedItems;
        this.windows = windows;
        this.jobs = jobs;
        this.clock = clock;
        this.settings = settings;
    }

    void backfill(FanoutJob.Backfill job) {
        if (!graph.isFollowing(job.reader(), job.author())) {
            // Unfollowed or blocked before the job ran: that change's purge is the newer truth.
            return;
        }
        // Only posts of the last retention: an older one would outlive every other copy of the
        // author's posts, and an unfollow's purge looks back over two retentions only. Only posts
        // of before the follow: later ones reach the follower through their own deliveries.
        Instant horizon = clock.instant().minus(settings.feedRetention());
        Optional<PostId> upToTheFollow = Optional.of(PostId.firstOf(job.followedAt().toEpochMilli() + 1));
        List<Post> recent = posts.byAuthor(job.author(), upToTheFollow, settings.backfillPosts()).stream()
                .filter(post -> post.createdAt().isAfter(horizon))
                .toList();
        if (recent.isEmpty()) {
            return;
        }
        feedItems.append(recent.stream().map(post -> new Delivery(job.reader(), post.ref())).toList());
        windows.update(List.of(job.reader()), window -> window.evict(job.reader()));
        if (!graph.isFollowing(job.reader(), job.author())) {
            // A block or unfollow removed the edge while the copies were written, and its purge may
            // have run before they landed: they are purged again (the purge keeps them if the edge
            // is back by then).
            jobs.enqueue(new FanoutJob.PurgeAuthor(job.reader(), job.author(), UUID.randomUUID().toString()));
        }
    }
}
