package io.feedline.adapter.memory;

import io.feedline.ports.model.CachedPost;
import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.PostCacheContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import io.feedline.ports.out.PostCache;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The embedded profile's post cache against the contract, then its bound and its atomic counts. */
class MemoryPostCacheTest extends PostCacheContract {

    @Override
    protected PostCache postCache() {
        return MemoryCaches.create(MemorySettings.defaults()).postCache();
    }

    private static Post post(long likes) {
        return new Post(TestIds.postId(), TestIds.userId(), TestIds.username(), PostText.of("p"),
                Instant.now().truncatedTo(ChronoUnit.MILLIS), likes);
    }

    @Test
    void theCacheKeepsNoMoreThanItsBound() {
        PostCache cache = new MemoryPostCache(50, Duration.ofHours(1));
        List<Post> posts = IntStream.range(0, 500).mapToObj(i -> post(0)).toList();

        cache.putAll(posts);

        assertThat(cache.getAll(posts.stream().map(Post::id).toList()).size()).isBetween(1, 50);
    }

    @Test
    void concurrentIncrementsAreNeverLost() throws Exception {
        PostCache cache = new MemoryPostCache(10, Duration.ofHours(1));
        Post post = post(0);
        cache.putAll(List.of(post));

        try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
            for (int i = 0; i < 8; i++) {
                pool.submit(() -> IntStream.range(0, 1000).forEach(n -> cache.incrementLikes(post.id(), 1)));
            }
        }

        assertThat(cache.get(post.id())).contains(new CachedPost.Present(post.withLikeCount(8000)));
    }
}
