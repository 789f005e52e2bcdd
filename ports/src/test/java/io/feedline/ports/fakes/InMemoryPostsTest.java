package io.feedline.ports.fakes;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.PostStore;
import io.feedline.ports.contract.PostsContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class InMemoryPostsTest extends PostsContract {
    private static final InMemoryPostStore SHARED = new InMemoryPostStore();

    @Override
    protected PostStore postStore() {
        return SHARED.store();
    }

    @Test
    void callsOfAllThreePortsAreCountedInOneLog() {
        InMemoryPostStore store = new InMemoryPostStore();
        PostId id = TestIds.postId();
        Post post = new Post(id, TestIds.userId(), TestIds.username(), PostText.of("counted"), Instant.EPOCH, 0);

        store.posts().publish(post, Optional.of(new FanoutJob.Deliver(post.ref())));
        store.likes().like(post.ref(), TestIds.userId(), List.of());
        store.posts().getAll(List.of(post.ref()));
        store.jobs().pending();

        assertThat(store.calls().count("publish")).isEqualTo(1);
        assertThat(store.calls().count("enqueue")).as("the job rides on the publish call").isZero();
        assertThat(store.calls().count("like")).isEqualTo(1);
        assertThat(store.calls().count("getAll")).isEqualTo(1);
        assertThat(store.calls().count("pending")).isEqualTo(1);
        assertThat(store.jobs().pending()).isEqualTo(1);
    }
}
