package io.feedline.app.mastodon;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.feedline.ports.in.ReadPost;
import io.feedline.ports.in.ReadProfile;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.Profile;
import io.feedline.ports.model.Username;
import java.time.Duration;
import java.util.Optional;

/**
 * The profiles embedded in statuses, kept for a second. A Mastodon status carries its author's
 * whole account with counts, so a page of twenty statuses would otherwise cost a profile read per
 * distinct author on every request; a second-old follower count inside a status is what Mastodon
 * itself serves. Account endpoints ({@code /accounts/:id}, {@code verify_credentials}) read fresh.
 *
 * <p>Also the author of a post a reply answers ({@code in_reply_to_account_id}): a reply stores
 * its parent's author by user id, Mastodon names accounts by username, and a post's author never
 * changes, so the answer is kept as long as the cache has room. A deleted parent has none.
 */
final class Authors {
    private static final Duration FRESHNESS = Duration.ofSeconds(1);
    private static final long MAX_AUTHORS = 10_000;
    private static final long MAX_PARENTS = 50_000;

    private final LoadingCache<Username, Profile> profiles;
    private final LoadingCache<PostId, Optional<Username>> parents;

    Authors(ReadProfile readProfile, ReadPost readPost) {
        this.profiles = Caffeine.newBuilder()
                .expireAfterWrite(FRESHNESS)
                .maximumSize(MAX_AUTHORS)
                .build(readProfile::read);
        this.parents = Caffeine.newBuilder()
                .maximumSize(MAX_PARENTS)
                .build(post -> {
                    try {
                        return Optional.of(readPost.read(post).authorUsername());
                    } catch (FeedlineException.NotFound e) {
                        return Optional.empty();
                    }
                });
    }

    Profile profile(Username author) {
        return profiles.get(author);
    }

    /** The author of {@code post}, if it still exists. */
    Optional<Username> authorOf(PostId post) {
        return parents.get(post);
    }
}
