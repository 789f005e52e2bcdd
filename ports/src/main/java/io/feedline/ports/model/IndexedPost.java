package io.feedline.ports.model;

import java.util.Objects;

/** What the search index keeps of a post: its key and its text. */
public record IndexedPost(PostRef ref, PostText text) {
    public IndexedPost {
        Objects.requireNonNull(ref, "ref");
        Objects.requireNonNull(text, "text");
    }

    /** The words a post is found by: its text, and an article's title before its body. */
    public static IndexedPost of(Post post) {
        return new IndexedPost(post.ref(), post.article()
                .filter(a -> post.text().length() + a.title().value().length() < PostText.MAX_ARTICLE_CODE_POINTS)
                .map(a -> new PostText(a.title().value() + "\n" + post.text().value()))
                .orElse(post.text()));
    }
}
