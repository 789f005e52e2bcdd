package io.feedline.domain.tags;

import io.feedline.domain.posts.CachedPosts;
import io.feedline.ports.model.EntityKind;
import io.feedline.ports.model.EntityRef;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.EntityFollows;
import io.feedline.ports.out.TagIndex;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Tags as sources of a home feed, read at read time: the tags a reader follows (one Query per
 * 100), and the newest posts of some tags (one Query of each tag's index, then one read through
 * the post cache for them all), newest first, each post once.
 */
public final class TagSources {
    private static final int FOLLOW_PAGE = 100;

    private final EntityFollows follows;
    private final TagIndex index;
    private final CachedPosts posts;
    private final int maxTags;

    public TagSources(EntityFollows follows, TagIndex index, CachedPosts posts, int maxTags) {
        this.follows = follows;
        this.index = index;
        this.posts = posts;
        this.maxTags = maxTags;
    }

    /** The tags {@code reader} follows, at most {@code maxTags}. */
    public Set<Tag> followed(UserId reader) {
        Set<Tag> tags = new LinkedHashSet<>();
        Optional<PageToken> next = Optional.empty();
        do {
            Page<EntityRef> page = follows.following(reader, EntityKind.TAG, new PageRequest(next, FOLLOW_PAGE));
            for (EntityRef ref : page.items()) {
                if (tags.size() >= maxTags) {
                    return tags;
                }
                tags.add(ref.tag());
            }
            next = page.next();
        } while (next.isPresent());
        return tags;
    }

    /** Of {@code candidates}, the tags {@code reader} follows (one batch read; none for no candidates). */
    public Set<Tag> followedAmong(UserId reader, Collection<Tag> candidates) {
        if (candidates.isEmpty()) {
            return Set.of();
        }
        return follows.followedAmong(reader, candidates.stream().map(EntityRef::of).toList()).stream()
                .map(EntityRef::tag)
                .collect(Collectors.toUnmodifiableSet());
    }

    /** The newest {@code limit} live posts of {@code tags} older than {@code before}, newest first, each once. */
    public List<Post> newest(Collection<Tag> tags, Optional<PostId> before, int limit) {
        if (tags.isEmpty()) {
            return List.of();
        }
        Map<PostId, PostRef> refs = new LinkedHashMap<>();
        for (Tag tag : tags) {
            index.posts(tag, before, limit).forEach(ref -> refs.putIfAbsent(ref.postId(), ref));
        }
        List<PostRef> newest = refs.values().stream()
                .sorted((a, b) -> b.postId().compareTo(a.postId()))
                .limit(limit)
                .toList();
        return hydrate(newest);
    }

    /** The posts of {@code refs} that still exist, in the refs' order (one read through the post cache). */
    List<Post> hydrate(List<PostRef> refs) {
        if (refs.isEmpty()) {
            return List.of();
        }
        Map<PostId, Post> found = posts.getAll(refs);
        List<Post> out = new ArrayList<>(refs.size());
        for (PostRef ref : refs) {
            Post post = found.get(ref.postId());
            if (post != null) {
                out.add(post);
            }
        }
        return out;
    }
}
