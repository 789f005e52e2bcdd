package io.feedline.domain.fanout;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.EntityKind;
import io.feedline.ports.model.EntityRef;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FeedItems;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.Posts;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the fan-out takes out of feeds, durable items and hot windows alike: an unfollowed author's
 * posts from the reader's feed, an unfollowed tag's, and a deleted post from every feed it reached.
 * Each removal is idempotent, so a job redone after a crash changes nothing.
 */
final class FeedPurges {
    /** The author's (or the tag's) posts read per page of an unfollow purge. */
    static final int PURGE_PAGE = 100;

    private final FollowGraph graph;
    private final Posts posts;
    private final FeedItems feedItems;
    private final WindowWrites windows;
    private final TagFanout tags;
    private final Clock clock;
    private final FanoutSettings settings;

    FeedPurges(FollowGraph graph, Posts posts, FeedItems feedItems, WindowWrites windows, TagFanout tags, Clock clock,
            FanoutSettings settings) {
        this.graph = graph;
        this.posts = posts;
        this.feedItems = feedItems;
        this.windows = windows;
        this.tags = tags;
        this.clock = clock;
        this.settings = settings;
    }

    /** Removes an unfollowed author's posts from the reader's feed, unless the reader follows them again. */
    void purge(FanoutJob.PurgeAuthor purge) {
        if (graph.isFollowing(purge.reader(), purge.author())) {
            // Followed again since: the re-follow's backfill is the newer truth.
            return;
        }
        // Every live feed item of the author is one of their posts of the last two retentions: a
        // pushed copy lives one retention from its post's delivery, a backfilled one (never older
        // than a retention when copied) one retention from the follow. So those posts' keys are
        // deleted, a page at a time, and the reader's feed partition is never read.
        Instant horizon = clock.instant().minus(settings.feedRetention().multipliedBy(2));
        Optional<PostId> before = Optional.empty();
        boolean spared = false;
        while (true) {
            List<Post> page = posts.byAuthor(purge.author(), before, PURGE_PAGE);
            List<Post> recent = page.stream().filter(post -> !post.createdAt().isBefore(horizon)).toList();
            // A post that also carries a tag the reader follows stays: it reached the feed that way too.
            Set<Tag> followedTags = followedTags(purge.reader(), recent);
            List<Delivery> doomed = recent.stream()
                    .filter(post -> post.tags().stream().noneMatch(followedTags::contains))
                    .map(post -> new Delivery(purge.reader(), post.ref()))
                    .toList();
            spared |= doomed.size() < recent.size();
            feedItems.remove(doomed);
            if (page.size() < PURGE_PAGE || recent.size() < page.size()) {
                break;
            }
            before = Optional.of(page.getLast().id());
        }
        if (spared) {
            // The window cannot drop the author's entries but those: it is rebuilt from the durable feed.
            windows.update(List.of(purge.reader()), window -> window.evict(purge.reader()));
        } else {
            windows.update(List.of(purge.reader()), window -> window.removeAuthor(purge.reader(), purge.author()));
        }
    }

    /**
     * Removes what reached the reader's feed through a tag they unfollowed: the tag's posts of the
     * last two retentions (read from the tag index, never the feed), less those the reader still
     * receives another way (their own, a followed author's, another followed tag's).
     */
    void purgeEntity(FanoutJob.PurgeEntity purge) {
        UserId reader = purge.reader();
        if (!purge.entity().kind().equals(EntityKind.TAG) || tags.follows().isFollowing(reader, purge.entity())) {
            // Only tags carry posts; a tag followed again since is the newer truth.
            return;
        }
        Tag tag = purge.entity().tag();
        long horizon = clock.instant().minus(settings.feedRetention().multipliedBy(2)).toEpochMilli();
        Optional<PostId> before = Optional.empty();
        while (true) {
            List<PostRef> page = tags.index().posts(tag, before, PURGE_PAGE);
            List<PostRef> recent = page.stream().filter(ref -> ref.postId().epochMillis() >= horizon).toList();
            Map<PostId, Post> live = new HashMap<>();
            posts.getAll(recent).forEach(post -> live.put(post.id(), post));
            Set<UserId> authors = new HashSet<>();
            live.values().forEach(post -> authors.add(post.authorId()));
            authors.remove(reader);
            Set<UserId> followedAuthors = authors.isEmpty() ? Set.of() : graph.followedAmong(reader, authors);
            Set<Tag> followedTags = followedTags(reader, live.values().stream()
                    .map(post -> post.tagged(post.tags().stream().filter(t -> !t.equals(tag)).toList()))
                    .toList());
            List<Delivery> doomed = recent.stream()
                    .filter(ref -> {
                        Post post = live.get(ref.postId());
                        return post == null || (!post.authorId().equals(reader) && !followedAuthors.contains(post.authorId())
                                && post.tags().stream().noneMatch(followedTags::contains));
                    })
                    .map(ref -> new Delivery(reader, ref))
                    .toList();
            feedItems.remove(doomed);
            if (!doomed.isEmpty()) {
                windows.update(List.of(reader), window -> doomed.forEach(d -> window.remove(reader, d.entry().postId())));
            }
            if (page.size() < PURGE_PAGE || recent.size() < page.size()) {
                break;
            }
            before = Optional.of(page.getLast().postId());
        }
    }

    /** The post out of its author's feed and every follower's, all pages at once (no checkpoints). */
    void retractEverywhere(PostRef post) {
        retract(post, List.of(post.authorId()));
        Optional<PageToken> next = Optional.empty();
        do {
            Page<UserId> page = graph.followers(post.authorId(), new PageRequest(next, settings.fanoutPageSize()));
            if (!page.items().isEmpty()) {
                retract(post, page.items());
            }
            next = page.next();
        } while (next.isPresent());
    }

    /** The post out of these readers' feeds: their durable items in one write, then their windows. */
    void retract(PostRef post, List<UserId> readers) {
        feedItems.remove(readers.stream().map(reader -> new Delivery(reader, post)).toList());
        for (UserId reader : readers) {
            windows.update(List.of(reader), window -> window.remove(reader, post.postId()));
        }
    }

    /** The tags of {@code page}'s posts that {@code reader} follows (one batch read; none when untagged). */
    private Set<Tag> followedTags(UserId reader, List<Post> page) {
        Set<EntityRef> candidates = new HashSet<>();
        page.forEach(post -> post.tags().forEach(tag -> candidates.add(EntityRef.of(tag))));
        if (candidates.isEmpty()) {
            return Set.of();
        }
        Set<Tag> followed = new HashSet<>();
        tags.follows().followedAmong(reader, candidates).forEach(ref -> followed.add(ref.tag()));
        return followed;
    }
}
