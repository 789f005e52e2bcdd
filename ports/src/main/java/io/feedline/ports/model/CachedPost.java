package io.feedline.ports.model;

import java.util.Objects;

/** What a post cache holds for one post: the post as cached, or the mark that it was deleted. */
public sealed interface CachedPost {

    /** The post, with the cache's like count. */
    record Present(Post post) implements CachedPost {
        public Present {
            Objects.requireNonNull(post, "post");
        }
    }

    /** The post was deleted. */
    record Deleted() implements CachedPost {}
}
