package io.feedline.domain.tags;

import io.feedline.domain.fanout.TagPushes;
import io.feedline.domain.feed.FanoutPolicy;
import io.feedline.domain.settings.FeedSettings;
import io.feedline.domain.support.RefreshingCache;
import io.feedline.ports.model.EntityKind;
import io.feedline.ports.model.EntityRef;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.Tag;
import io.feedline.ports.out.EntityFollows;
import java.time.Clock;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@link FanoutPolicy}'s rule for tags: a tag's posts are pushed to its followers, except in pull
 * mode, and in hybrid mode once the tag has reached the celebrity threshold of followers; from then
 * on (for good, as for a celebrity) they are merged at read time from the tag index. The hot set
 * is read from storage and kept for {@code celebrityCacheTtl}, as the celebrities are.
 */
public final class TagPolicy implements TagPushes {
    private final FanoutMode mode;
    private final long threshold;
    private final EntityFollows follows;
    /** The hot tags, under the one key. */
    private final RefreshingCache<Boolean, Set<Tag>> hot;

    public TagPolicy(FeedSettings settings, EntityFollows follows, Clock clock) {
        this.mode = settings.mode();
        this.threshold = settings.celebrityThreshold();
        this.follows = follows;
        this.hot = new RefreshingCache<>(clock, settings.celebrityCacheTtl(), 1);
    }

    boolean materializesFeeds() {
        return mode != FanoutMode.PULL;
    }

    /** Whether a post tagged {@code tag} is written into the tag's followers' feeds. */
    @Override
    public boolean pushes(Tag tag) {
        return switch (mode) {
            case PUSH -> true;
            case PULL -> false;
            case HYBRID -> !hot().contains(tag);
        };
    }

    /** Whether {@code tag}'s posts are merged in at read time rather than found in the feed. */
    boolean pulledAtRead(Tag tag) {
        return mode == FanoutMode.HYBRID && hot().contains(tag);
    }

    /** The tags whose posts hybrid reads merge in. Empty outside hybrid mode. */
    public Set<Tag> hot() {
        if (mode != FanoutMode.HYBRID) {
            return Set.of();
        }
        return hot.get(Boolean.TRUE,
                () -> follows.hot(EntityKind.TAG).stream().map(EntityRef::tag).collect(Collectors.toUnmodifiableSet()));
    }

    /** Records a tag's new follower count; the tag turns hot (in every mode, for a later switch) at the threshold. */
    void followerCountChanged(Tag tag, long followers) {
        if (followers >= threshold) {
            Set<Tag> kept = hot.fresh(Boolean.TRUE);
            if (kept == null || !kept.contains(tag)) {
                follows.markHot(EntityRef.of(tag));
                hot.forget();
            }
        }
    }
}
