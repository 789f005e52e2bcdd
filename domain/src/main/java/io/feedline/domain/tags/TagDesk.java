package io.feedline.domain.tags;

import io.feedline.domain.explore.ExploreDesk;
import io.feedline.domain.feed.Windows;
import io.feedline.domain.relations.RelationSets;
import io.feedline.domain.settings.FeedSettings;
import io.feedline.domain.support.PostCursor;
import io.feedline.domain.support.RefreshingCache;
import io.feedline.domain.users.UserDesk;
import io.feedline.ports.in.FollowTags;
import io.feedline.ports.in.ReadTags;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.EntityKind;
import io.feedline.ports.model.EntityRef;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.TagSummary;
import io.feedline.ports.model.TagUse;
import io.feedline.ports.model.Trending;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.EntityFollows;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.FeedItems;
import io.feedline.ports.out.TagIndex;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Following tags and reading tag pages. A follow is checked against {@code graph.max-following}
 * (tags count apart from accounts), backfills the tag's newest posts of the last retention into
 * the durable feed as a user follow does (unless the tag is merged at read time), and may turn the
 * tag hot; an unfollow enqueues the purge of what came through the tag alone.
 */
public final class TagDesk implements FollowTags, ReadTags {
    /** Autocomplete reads at most this many names of the prefix's bucket, then ranks them by use. */
    static final int PREFIX_SCAN = 200;

    private final EntityFollows follows;
    private final TagIndex index;
    private final TagSources sources;
    private final TagPolicy policy;
    private final FeedItems feedItems;
    private final Windows windows;
    private final FanoutJobs jobs;
    private final Clock clock;
    private final UserDesk users;
    private final int backfillPosts;
    private final int maxFollowing;
    private final Duration retention;
    private final RelationSets relationSets;
    private final Runnable onEnqueue;

    /** The ranking, kept a second in the process as explore's are (the worker ranks once a minute). */
    private final RefreshingCache<Boolean, Trending> trending;

    public TagDesk(EntityFollows follows, TagIndex index, TagSources sources, TagPolicy policy, FeedItems feedItems, Windows windows,
            FanoutJobs jobs, Clock clock, UserDesk users, FeedSettings settings, RelationSets relationSets, Runnable onEnqueue) {
        this.follows = follows;
        this.index = index;
        this.sources = sources;
        this.policy = policy;
        this.feedItems = feedItems;
        this.windows = windows;
        this.jobs = jobs;
        this.clock = clock;
        this.users = users;
        this.backfillPosts = settings.backfillPosts();
        this.maxFollowing = settings.maxFollowing();
        this.retention = settings.feedRetention();
        this.relationSets = relationSets;
        this.onEnqueue = onEnqueue;
        this.trending = new RefreshingCache<>(clock, ExploreDesk.KEPT, 1);
    }

    @Override
    public boolean follow(UserId reader, Tag tag) {
        EntityRef ref = EntityRef.of(tag);
        if (follows.followingCount(reader, EntityKind.TAG) >= maxFollowing && !follows.isFollowing(reader, ref)) {
            throw new FeedlineException.LimitReached("graph.max-following", maxFollowing, "tag",
                    "you already follow " + maxFollowing + " tags, the most graph.max-following allows; unfollow one first");
        }
        if (!follows.follow(reader, ref, clock.instant())) {
            return false;
        }
        policy.followerCountChanged(tag, follows.followerCount(ref));
        if (policy.materializesFeeds() && !policy.pulledAtRead(tag)) {
            backfill(reader, tag);
        }
        return true;
    }

    /** As a user follow's backfill: the tag's newest posts of the last retention, then the window rebuilt. */
    private void backfill(UserId reader, Tag tag) {
        if (backfillPosts == 0) {
            return;
        }
        long horizon = clock.instant().minus(retention).toEpochMilli();
        List<PostRef> recent = index.posts(tag, Optional.empty(), backfillPosts).stream()
                .filter(ref -> ref.postId().epochMillis() > horizon)
                .toList();
        if (recent.isEmpty()) {
            return;
        }
        feedItems.append(recent.stream().map(ref -> new Delivery(reader, ref)).toList());
        windows.update(List.of(reader), window -> window.evict(reader));
    }

    @Override
    public boolean unfollow(UserId reader, Tag tag) {
        if (!follows.unfollow(reader, EntityRef.of(tag))) {
            return false;
        }
        if (policy.materializesFeeds()) {
            jobs.enqueue(new FanoutJob.PurgeEntity(reader, EntityRef.of(tag), UUID.randomUUID().toString()));
            onEnqueue.run();
        }
        return true;
    }

    @Override
    public TagSummary tag(Optional<UserId> caller, Tag tag) {
        EntityRef ref = EntityRef.of(tag);
        return new TagSummary(tag, index.uses(tag), follows.followerCount(ref),
                caller.map(user -> follows.isFollowing(user, ref)).orElse(false));
    }

    @Override
    public Page<Post> posts(Optional<UserId> reader, Tag tag, PageRequest page) {
        List<PostRef> refs = index.posts(tag, PostCursor.before(page), page.limit());
        // Deleted posts leave the index with their own delete; the cache may still hold a tombstone.
        List<Post> hydrated = sources.hydrate(refs);
        List<Post> shown = reader.map(r -> relationSets.filterFor(r).visible(hydrated)).orElse(hydrated);
        return new Page<>(shown, refs.size() < page.limit()
                ? Optional.empty()
                : Optional.of(new io.feedline.ports.model.PageToken(refs.getLast().postId().value())));
    }

    @Override
    public Page<Tag> followed(Username user, PageRequest page) {
        UserId id = users.byName(user).id();
        return follows.following(id, EntityKind.TAG, page).map(EntityRef::tag);
    }

    @Override
    public Trending trending() {
        return trending.get(Boolean.TRUE, index::trending);
    }

    /** Forgets the kept ranking: this process just stored a new one. */
    public void trendingRanked() {
        trending.forget();
    }

    @Override
    public List<TagUse> complete(String prefix, int limit) {
        return index.byPrefix(prefix, PREFIX_SCAN).stream()
                .sorted(Comparator.comparingLong(TagUse::uses).reversed().thenComparing(TagUse::tag))
                .limit(limit)
                .toList();
    }

    /** The moment a post id was made (its ULID's time). */
    static Instant timeOf(PostRef ref) {
        return Instant.ofEpochMilli(ref.postId().epochMillis());
    }
}
