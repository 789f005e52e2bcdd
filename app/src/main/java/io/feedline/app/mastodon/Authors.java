package io.feedline.app.mastodon;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.util.RawValue;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.feedline.app.web.IdentityRenderCache;
import io.feedline.ports.in.ReadPost;
import io.feedline.ports.in.ReadProfile;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.Profile;
import io.feedline.ports.model.Username;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * The accounts embedded in statuses and notifications, kept for half a second, rendered; and the
 * statuses of timeline pages, kept for half a second too, so that an account inside a status is
 * never more than a second old. A Mastodon
 * status carries its author's whole account with counts, so a page of twenty statuses would
 * otherwise cost a profile read per distinct author on every request, and the writing of twenty
 * accounts of some twenty fields each (writing JSON was 57% of the home timeline's handler in a
 * profile of {@code scripts/mastodon-load.sh}); a second-old follower count inside a status is what Mastodon
 * itself serves. Each account is kept as its JSON for each base URL it is served under (its links
 * depend on it). Account endpoints ({@code /accounts/:id}, {@code verify_credentials}) read fresh.
 * A listed status is kept as its JSON by its base URL and the post's whole value (its counts
 * included), so the same post on many readers' pages is written once and a post whose counts moved
 * is written anew. It is found first by the post instance ({@link IdentityRenderCache}, as the native
 * lists find theirs), within the same half second.
 *
 * <p>Also the author of a post a reply answers ({@code in_reply_to_account_id}): a reply stores
 * its parent's author by user id, Mastodon names accounts by username, and a post's author never
 * changes, so the answer is kept as long as the cache has room. A deleted parent has none.
 */
final class Authors {
    /** How long an account's JSON is kept, and a listed status's: together, at most a second. */
    private static final Duration FRESHNESS = Duration.ofMillis(500);
    private static final long MAX_AUTHORS = 10_000;
    private static final long MAX_STATUSES = 10_000;
    private static final long MAX_PARENTS = 50_000;
    /** Post instances whose listed statuses are found by identity. */
    private static final int SLOTS = 1 << 14;

    private final LoadingCache<PostId, Optional<Username>> parents;
    private final Cache<Embedded, RawValue> rendered;
    private final Cache<Listed, Rendering> statuses;
    private final IdentityRenderCache<Post, Kept> byInstance = new IdentityRenderCache<>(SLOTS);
    private final ReadProfile readProfile;
    private final ObjectMapper mapper;
    /** The time both caches and {@link #fresh} measure freshness on: {@code System::nanoTime} in production. */
    private final LongSupplier nanoTime;

    /** An account as embedded under one base URL (its links depend on it). */
    private record Embedded(String base, Username author) {}

    /** A post as a timeline lists it under one base URL. */
    private record Listed(String base, Post post) {}

    /** A listed status's JSON and when it was written (on {@link #nanoTime}). */
    private record Rendering(byte[] json, long writtenAt) {}

    /** What is kept by the post instance: the base URL and the rendering under it. */
    private record Kept(String base, Rendering rendering) {}

    Authors(ReadProfile readProfile, ReadPost readPost, ObjectMapper mapper, LongSupplier nanoTime) {
        this.readProfile = readProfile;
        this.mapper = mapper;
        this.nanoTime = nanoTime;
        this.rendered = Caffeine.newBuilder()
                .ticker(nanoTime::getAsLong)
                .expireAfterWrite(FRESHNESS)
                .maximumSize(MAX_AUTHORS)
                .build();
        this.statuses = Caffeine.newBuilder()
                .ticker(nanoTime::getAsLong)
                .expireAfterWrite(FRESHNESS)
                .maximumSize(MAX_STATUSES)
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
     * half second at most: from a profile read when it is written.
     */
    RawValue embedded(String base, Username author, Function<Profile, Object> render) {
        return rendered.get(new Embedded(base, author), key -> json(render.apply(readProfile.read(author))));
    }

    /**
     * {@code post} rendered by {@code render} under {@code base}, as JSON in UTF-8 written every half
     * second at most, with the embedded accounts of that moment. The caller must not change it.
     */
    byte[] listed(String base, Post post, Function<Post, Object> render) {
        // By the post instance first (a hot page's posts are the cache's own objects), as the native
        // lists do: hashing and comparing each whole post as a key was a twentieth of a page's CPU there.
        Kept kept = byInstance.get(post);
        if (kept != null && kept.base().equals(base) && fresh(kept.rendering(), nanoTime.getAsLong())) {
            return kept.rendering().json();
        }
        Rendering rendering = statuses.get(new Listed(base, post), key -> new Rendering(utf8(render.apply(post)), nanoTime.getAsLong()));
        byInstance.put(post, new Kept(base, rendering));
        return rendering.json();
    }

    /** Written less than {@link #FRESHNESS} ago, as the by-value cache keeps it. */
    private static boolean fresh(Rendering rendering, long now) {
        return now - rendering.writtenAt() < FRESHNESS.toNanos();
    }

    private byte[] utf8(Object entity) {
        try {
            return mapper.writeValueAsBytes(entity);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private RawValue json(Object entity) {
        try {
            return new RawValue(mapper.writeValueAsString(entity));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The author of {@code post}, if it still exists. */
    Optional<Username> authorOf(PostId post) {
        return parents.get(post);
    }
}
