package io.feedline.ports.contract;

import io.feedline.ports.out.Posts;
import io.feedline.ports.out.TagIndex;
import java.util.Objects;

/** The posts and the tag index they write, which share a store (a post's tag entries are written with it). */
public record TaggedPosts(Posts posts, TagIndex tags) {
    public TaggedPosts {
        Objects.requireNonNull(posts, "posts");
        Objects.requireNonNull(tags, "tags");
    }
}
