package io.feedline.ports.contract;

import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.IdempotencyKeys;
import io.feedline.ports.out.Likes;
import io.feedline.ports.out.Posts;
import java.util.Objects;

/**
 * The ports that share post storage: publishing enqueues a fan-out job and completes an
 * idempotency key, and a like moves the post's like count, so their contracts run against one store.
 */
public record PostStore(Posts posts, Likes likes, FanoutJobs jobs, IdempotencyKeys idempotencyKeys) {
    public PostStore {
        Objects.requireNonNull(idempotencyKeys, "idempotencyKeys");
        Objects.requireNonNull(posts, "posts");
        Objects.requireNonNull(likes, "likes");
        Objects.requireNonNull(jobs, "jobs");
    }
}
