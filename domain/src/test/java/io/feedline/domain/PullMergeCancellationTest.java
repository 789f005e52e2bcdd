package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.domain.feed.PullMerge;
import io.feedline.ports.fakes.InMemoryPostStore;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Posts;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A pull merge whose one query fails stops its sibling queries instead of waiting them out. */
class PullMergeCancellationTest {

    /** Posts where one author's query fails at once and every other author's waits until interrupted. */
    private static final class OneFailsOthersHang extends ForwardingPosts {
        private final UserId failing;
        final CountDownLatch othersStarted;
        final AtomicInteger interrupted = new AtomicInteger();
        private final CountDownLatch never = new CountDownLatch(1);

        OneFailsOthersHang(UserId failing, int others) {
            super(new InMemoryPostStore().posts());
            this.failing = failing;
            this.othersStarted = new CountDownLatch(others);
        }

        @Override
        public List<Post> byAuthor(UserId author, Optional<PostId> before, int limit) {
            if (author.equals(failing)) {
                try {
                    othersStarted.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new FeedlineException.StorageUnavailable("posts", "this author's partition is unreachable", null);
            }
            othersStarted.countDown();
            try {
                // Bounded only so that a broken merge fails this test rather than hanging the build.
                never.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                interrupted.incrementAndGet();
                throw new FeedlineException.StorageUnavailable("posts", "cancelled", e);
            }
            return List.of();
        }
    }

    @Test
    void oneFailedAuthorQueryCancelsTheOthersAndFailsTheMerge() {
        UserId failing = UserId.of("01HX0000000000000000000000");
        List<UserId> others = List.of(
                UserId.of("01HX0000000000000000000001"), UserId.of("01HX0000000000000000000002"),
                UserId.of("01HX0000000000000000000003"));
        OneFailsOthersHang posts = new OneFailsOthersHang(failing, others.size());
        ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
        try {
            PullMerge merge = new PullMerge(posts, executor, 16);
            List<UserId> authors = new java.util.ArrayList<>(others);
            authors.add(failing);

            assertThatThrownBy(() -> merge.newest(authors, Optional.empty(), 10))
                    .isInstanceOf(FeedlineException.StorageUnavailable.class)
                    .hasMessageContaining("unreachable");

            executor.shutdown();
            assertThat(awaitTermination(executor)).as("no sibling query left running").isTrue();
            assertThat(posts.interrupted).as("every sibling query was cancelled").hasValue(others.size());
        } finally {
            executor.shutdownNow();
        }
    }

    private static boolean awaitTermination(ExecutorService executor) {
        try {
            return executor.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
