package io.feedline.ports.contract;

import io.feedline.ports.out.Articles;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.IdempotencyKeys;
import io.feedline.ports.out.Likes;
import io.feedline.ports.out.PostCounters;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.Reposts;
import java.util.Objects;

/**
 * The ports that share post storage: publishing enqueues a fan-out job and completes an
 * idempotency key, a like enqueues its count job, and applying it moves the post's count, and a
 * repost moves the post's repost count, so their contracts run against one store.
 */
public record PostStore(Posts posts, Likes likes, Reposts reposts, FanoutJobs jobs, IdempotencyKeys idempotencyKeys,
        PostCounters counters, Articles articles) {
    public PostStore {
        Objects.requireNonNull(counters, "counters");
        Objects.requireNonNull(articles, "articles");
        Objects.requireNonNull(idempotencyKeys, "idempotencyKeys");
        Objects.requireNonNull(posts, "posts");
        Objects.requireNonNull(likes, "likes");
        Objects.requireNonNull(reposts, "reposts");
        Objects.requireNonNull(jobs, "jobs");
    }
}
