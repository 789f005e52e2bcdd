package io.feedline.app.mastodon;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.util.RawValue;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.feedline.ports.in.ReadPost;
import io.feedline.ports.in.ReadProfile;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.Profile;
import io.feedline.ports.model.Username;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * The accounts embedded in statuses and notifications, kept for a second, rendered. A Mastodon
 * status carries its author's whole account with counts, so a page of twenty statuses would
 * otherwise cost a profile read per distinct author on every request, and the writing of twenty
 * accounts of some twenty fields each (writing JSON was 57% of the home timeline's handler in a
 * profile, BENCHMARKS.md section 7); a second-old follower count inside a status is what Mastodon
 * itself serves. Each account is kept as its JSON for each base URL it is served under (its links
 * depend on it). Account endpoints ({@code /accounts/:id}, {@code verify_credentials}) read fresh.
 *
 * <p>Also the author of a post a reply answers ({@code in_reply_to_account_id}): a reply stores
 * its parent's author by user id, Mastodon names accounts by username, and a post's author never
 * changes, so the answer is kept as long as the cache has room. A deleted parent has none.
 */
final class Authors {
    private static final Duration FRESHNESS = Duration.ofSeconds(1);
    private static final long MAX_AUTHORS = 10_000;
    private static final long MAX_PARENTS = 50_000;

    private final LoadingCache<PostId, Optional<Username>> parents;
    private final Cache<Embedded, RawValue> rendered;
    private final ReadProfile readProfile;
    private final ObjectMapper mapper;

    /** An account as embedded under one base URL (its links depend on it). */
    private record Embedded(String base, Username author) {}

    Authors(ReadProfile readProfile, ReadPost readPost, ObjectMapper mapper) {
        this.readProfile = readProfile;
        this.mapper = mapper;
        this.rendered = Caffeine.newBuilder()
                .expireAfterWrite(FRESHNESS)
                .maximumSize(MAX_AUTHORS)
                .build();
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

    /**
     * The author's account rendered by {@code render} under {@code base}, as JSON written once a
     * second at most: from a profile read when it is written, so it is never more than a second old.
     */
    RawValue embedded(String base, Username author, Function<Profile, Object> render) {
        return rendered.get(new Embedded(base, author), key -> {
            try {
                return new RawValue(mapper.writeValueAsString(render.apply(readProfile.read(author))));
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The author of {@code post}, if it still exists. */
    Optional<Username> authorOf(PostId post) {
        return parents.get(post);
    }
}
