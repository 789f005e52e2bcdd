package io.feedline.domain.feed;

import io.feedline.domain.settings.FeedSettings;
import io.feedline.domain.support.RefreshingCache;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.CelebrityRegistry;
import java.time.Clock;
import java.util.Set;

/**
 * The one place that decides whether a post is fanned out on write or merged on read.
 *
 * <p>An author becomes a celebrity when their follower count reaches the threshold, and stays one:
 * their posts from then on were never fanned out, so unmarking them would make those posts vanish
 * from their followers' feeds. The registry is the single source of truth for publish and read
 * alike; this process keeps a copy for {@code celebrityCacheTtl} and refreshes it on its own marks.
 */
public final class FanoutPolicy {
    private final FanoutMode mode;
    private final long threshold;
    private final CelebrityRegistry registry;
    /** The registry's one set, under the one key. */
    private final RefreshingCache<Boolean, Set<UserId>> celebrities;

    public FanoutPolicy(FeedSettings settings, CelebrityRegistry registry, Clock clock) {
        this.mode = settings.mode();
        this.threshold = settings.celebrityThreshold();
        this.registry = registry;
        this.celebrities = new RefreshingCache<>(clock, settings.celebrityCacheTtl(), 1);
    }

    public FanoutMode mode() {
        return mode;
    }

    /** Whether feed copies are written at all (everything but pure pull). */
    public boolean materializesFeeds() {
        return mode != FanoutMode.PULL;
    }

    /** Whether a new post by {@code author} is written into followers' feeds. */
    public boolean pushes(UserId author) {
        return switch (mode) {
            case PUSH -> true;
            case PULL -> false;
            case HYBRID -> !celebrities().contains(author);
        };
    }

    /** Whether {@code author}'s posts are merged in at read time rather than found in the feed. */
    public boolean pulledAtRead(UserId author) {
        return mode == FanoutMode.HYBRID && celebrities().contains(author);
    }

    /** The authors whose posts hybrid reads merge in. Empty outside hybrid mode. */
    public Set<UserId> celebrities() {
        if (mode != FanoutMode.HYBRID) {
            return Set.of();
        }
        return celebrities.get(Boolean.TRUE, () -> Set.copyOf(registry.all()));
    }

    /**
     * Records an author's new follower count. The registry is kept in every mode, so that a team
     * switching to hybrid later finds it ready.
     */
    public void followerCountChanged(UserId author, long followers) {
        if (followers >= threshold) {
            Set<UserId> kept = celebrities.fresh(Boolean.TRUE);
            if (kept == null || !kept.contains(author)) {
                registry.mark(author);
                celebrities.forget();
            }
        }
    }
}
