package io.feedline.domain.live;

import io.feedline.domain.home.HomeFeedDesk;
import io.feedline.domain.posts.CachedPosts;
import io.feedline.domain.relations.RelationSets;
import io.feedline.domain.support.RefreshingCache;
import io.feedline.ports.in.WatchLive;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.LiveEvent;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.LiveEvents;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What each live event shows each reader. A delivery shows its reader the delivered post; a
 * published post shows the readers whose feeds merge it in at read time (their sources kept here
 * for {@link #SOURCES_TTL} in {@link RefreshingCache}, the staleness {@link RelationSets} allows mutes
 * and blocks), its author among them when the author's posts are not pushed to their own feed.
 * Either way the post is read through the post cache and put through the feed's own rules, so a
 * stream never shows what a page of the feed would not.
 */
public final class LiveDesk implements WatchLive {
    /** How stale a reader's read-time sources may be: a follow reaches the stream within this. */
    static final Duration SOURCES_TTL = Duration.ofSeconds(5);
    /** The most readers whose sources are kept; past it the cache starts over. */
    static final int MAX_READERS = 50_000;

    private final LiveEvents live;
    private final HomeFeedDesk home;
    private final CachedPosts posts;
    private final RelationSets relationSets;
    private final RefreshingCache<UserId, HomeFeedDesk.ReadTimeSources> sources;

    public LiveDesk(LiveEvents live, HomeFeedDesk home, CachedPosts posts, RelationSets relationSets, Clock clock) {
        this.live = live;
        this.home = home;
        this.posts = posts;
        this.relationSets = relationSets;
        this.sources = new RefreshingCache<>(clock, SOURCES_TTL, MAX_READERS);
    }

    @Override
    public WatchLive.Subscription subscribe(Consumer<LiveEvent> listener) {
        return live.subscribe(listener)::close;
    }

    @Override
    public List<Post> home(UserId reader, LiveEvent event) {
        List<PostRef> entries = switch (event) {
            case LiveEvent.Delivered delivered -> delivered.deliveries().stream()
                    .filter(delivery -> delivery.reader().equals(reader))
                    .map(Delivery::entry)
                    .toList();
            // The reader's own posts are among their sources exactly when they are not pushed to them.
            case LiveEvent.Published published -> sourcesOf(reader).merge(published.post().authorId(), published.tags())
                    ? List.of(published.post())
                    : List.of();
            case LiveEvent.Deleted deleted -> List.of();
            case LiveEvent.Notified notified -> List.of();
        };
        if (entries.isEmpty()) {
            return List.of();
        }
        Map<PostId, Post> found = posts.getAll(entries);
        List<Post> live = entries.stream().map(ref -> found.get(ref.postId())).filter(Objects::nonNull).toList();
        return live.isEmpty() ? List.of() : home.shown(reader, live);
    }

    @Override
    public Optional<Post> published(Optional<UserId> viewer, LiveEvent.Published event) {
        Optional<Post> post = Optional.ofNullable(posts.getAll(List.of(event.post())).get(event.post().postId()))
                .filter(found -> found.repostOf().isEmpty());
        if (post.isEmpty() || viewer.isEmpty()) {
            return post;
        }
        return post.filter(relationSets.filterFor(viewer.get())::shows);
    }

    private HomeFeedDesk.ReadTimeSources sourcesOf(UserId reader) {
        return sources.get(reader, () -> home.readTimeSources(reader));
    }
}
