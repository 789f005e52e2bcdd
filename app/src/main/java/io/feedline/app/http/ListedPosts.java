package io.feedline.app.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.util.RawValue;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.feedline.app.http.Representations.PostView;
import io.feedline.ports.model.Post;
import java.time.Duration;
import java.util.Objects;

/**
 * Each post of a list (a feed page, a timeline, a tag's or explore's posts) as its JSON, kept by the
 * post's whole value: its counts, its repost entry and everything else it shows. A post whose counts
 * or text moved is another key, so a kept rendering is never stale; the same post on many readers'
 * pages is written once. A profile of {@code GET /feed} under load put a sixth of the server's
 * samples in writing the page's posts with Jackson.
 *
 * <p>The renderings are found by the post instance first: a hot page's posts are the very objects
 * the near cache holds, so the lookup is by identity and hashes nothing, where hashing and comparing
 * each whole post by value was a twentieth of a loaded feed's samples. A post read anew (a miss, or
 * no near cache) is found by value, and its instance is remembered from then on.
 */
final class ListedPosts {
    /** Renderings kept: the posts on the pages read in the last minute, about half a kilobyte each. */
    static final int KEPT = 10_000;

    private final ObjectMapper mapper;
    private final Cache<Post, RawValue> rendered = Caffeine.newBuilder()
            .maximumSize(KEPT)
            .expireAfterAccess(Duration.ofMinutes(1))
            .build();
    /** The same renderings by the post instance (weak keys compare by identity), while the instance lives. */
    private final Cache<Post, RawValue> byInstance = Caffeine.newBuilder()
            .weakKeys()
            .maximumSize(KEPT)
            .build();

    ListedPosts(ObjectMapper mapper) {
        this.mapper = Objects.requireNonNull(mapper, "mapper");
    }

    /** The post as a list shows it ({@link PostView#of}), written as JSON. */
    RawValue json(Post post) {
        RawValue seen = byInstance.getIfPresent(post);
        if (seen != null) {
            return seen;
        }
        RawValue json = rendered.get(post, this::render);
        byInstance.put(post, json);
        return json;
    }

    private RawValue render(Post post) {
        try {
            return new RawValue(mapper.writeValueAsString(PostView.of(post)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a post view is plain data and always serializes", e);
        }
    }
}
