package io.feedline.ports.model;

import java.util.Objects;

/** What the search index keeps of a post: its key and its text. */
public record IndexedPost(PostRef ref, PostText text) {
    public IndexedPost {
        Objects.requireNonNull(ref, "ref");
        Objects.requireNonNull(text, "text");
    }

    public static IndexedPost of(Post post) {
        return new IndexedPost(post.ref(), post.text());
    }
}
