package io.feedline.app.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.feedline.app.http.Representations.PostView;
import io.feedline.app.web.IdentityRenderCache;
import io.feedline.app.web.JsonBytes;
import io.feedline.app.web.MediaLinks;
import io.feedline.ports.model.Post;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Each post of a list (a feed page, a timeline, a tag's or explore's posts) as its JSON in UTF-8,
 * kept by the post's whole value: its counts, its repost entry and everything else it shows. A post
 * whose counts or text moved is another key, so a kept rendering is never stale; the same post on
 * many readers' pages is written once. A profile of {@code GET /feed} under load put a sixth of the
 * server's samples in writing the page's posts with Jackson.
 *
 * <p>The renderings are found by the post instance first ({@link IdentityRenderCache}, {@value #SLOTS}
 * slots): a hot page's posts are the very objects the near cache holds, so the lookup hashes
 * nothing, locks nothing and needs no upkeep, where hashing and comparing each whole post by value
 * was a twentieth of a loaded feed's samples (and a weak-keyed cache's bookkeeping another
 * twenty-fifth). An instance that lost its slot is found by value, so a collision costs a lookup,
 * never a wrong answer. Posts are immutable, so an instance's rendering never changes.
 */
final class ListedPosts {
    /** Renderings kept by value: the posts on the pages read in the last minute, about half a kilobyte each. */
    static final int KEPT = 10_000;
    /** Post instances whose renderings are found by identity. */
    static final int SLOTS = 1 << 14;

    private static final byte[] ITEMS = JsonBytes.utf8("{\"items\":[");
    private static final byte[] LAST_PAGE_CLOSE = JsonBytes.utf8("]}");

    private final ObjectMapper mapper;
    private final MediaLinks links;
    private final Cache<Post, byte[]> rendered = Caffeine.newBuilder()
            .maximumSize(KEPT)
            .expireAfterAccess(Duration.ofMinutes(1))
            .build();
    private final IdentityRenderCache<Post, byte[]> byInstance = new IdentityRenderCache<>(SLOTS);

    ListedPosts(ObjectMapper mapper, MediaLinks links) {
        this.mapper = Objects.requireNonNull(mapper, "mapper");
        this.links = Objects.requireNonNull(links, "links");
    }

    /** The post as a list shows it ({@link PostView#of}), written as JSON in UTF-8. The caller must not change it. */
    byte[] json(Post post) {
        byte[] kept = byInstance.get(post);
        if (kept != null) {
            return kept;
        }
        byte[] json = rendered.get(post, this::render);
        byInstance.put(post, json);
        return json;
    }

    /**
     * A page of posts as {@code {"items":[...],"nextCursor":"..."}} (no {@code nextCursor} on the last
     * page), the same JSON as Jackson writes for a {@link Representations.PageView} of the posts' views,
     * put together from the kept renderings ({@link JsonBytes}).
     */
    InputStream page(List<Post> posts, Optional<String> nextCursor) {
        List<byte[]> items = new ArrayList<>(posts.size());
        for (Post post : posts) {
            items.add(json(post));
        }
        byte[] close = nextCursor.map(cursor -> JsonBytes.utf8("],\"nextCursor\":" + JsonBytes.quoted(cursor) + "}"))
                .orElse(LAST_PAGE_CLOSE);
        return JsonBytes.list(ITEMS, items, close);
    }

    private byte[] render(Post post) {
        try {
            return mapper.writeValueAsBytes(PostView.of(post, links));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a post view is plain data and always serializes", e);
        }
    }
}
