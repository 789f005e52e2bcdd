package io.feedline.ports.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A post in its thread: the chain of posts it answers, from the root down to its parent (bounded,
 * so {@code ancestors} may start below the root), and the first page of its direct replies, oldest
 * first. A deleted ancestor keeps its place in the chain with no post, so a reader sees that the
 * reply answered something that is gone.
 */
public record Conversation(List<Ancestor> ancestors, Post post, Page<Post> replies) {
    public Conversation {
        ancestors = List.copyOf(ancestors);
        Objects.requireNonNull(post, "post");
        Objects.requireNonNull(replies, "replies");
    }

    /** One post up the chain; {@code post} is empty when it was deleted. */
    public record Ancestor(PostRef ref, Optional<Post> post) {
        public Ancestor {
            Objects.requireNonNull(ref, "ref");
            Objects.requireNonNull(post, "post");
        }

        public boolean deleted() {
            return post.isEmpty();
        }
    }
}
