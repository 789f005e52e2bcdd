package io.feedline.ports.contract;

import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.Likes;
import io.feedline.ports.out.Posts;
import java.util.Objects;

/**
 * The three ports that share post storage: publishing enqueues a fan-out job and a like moves the
 * post's like count, so their contracts are run against one store.
 */
public record PostStore(Posts posts, Likes likes, FanoutJobs jobs) {
    public PostStore {
        Objects.requireNonNull(posts, "posts");
        Objects.requireNonNull(likes, "likes");
        Objects.requireNonNull(jobs, "jobs");
    }
}
