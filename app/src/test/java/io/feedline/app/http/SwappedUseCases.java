package io.feedline.app.http;

import io.feedline.ports.in.ReadAsViewer;
import io.feedline.ports.in.ReadPost;
import io.feedline.ports.in.Search;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.Conversation;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.Profile;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/** A core's use cases with one swapped, for the tests of what an API does when storage misbehaves. */
public final class SwappedUseCases {
    private SwappedUseCases() {}

    /**
     * A read of one post stuck in storage: it never returns unless interrupted, and then fails as
     * an interrupted storage call does. Its latches tell whether it was reached and interrupted.
     */
    public static final class StuckRead implements ReadPost {
        public final CountDownLatch entered = new CountDownLatch(1);
        public final CountDownLatch interrupted = new CountDownLatch(1);
        public final CountDownLatch neverReleased = new CountDownLatch(1);

        @Override
        public Post read(PostId post) {
            entered.countDown();
            try {
                neverReleased.await();
            } catch (InterruptedException e) {
                interrupted.countDown();
                throw new FeedlineException.StorageUnavailable("dynamodb", "interrupted", e);
            }
            throw new AssertionError("released, which a test of a stuck read never does");
        }
    }

    /**
     * The core's use cases with the read of one post swapped: a storage call that blocks, injected at
     * the port the route uses ({@link ReadAsViewer#post}, for every caller), the other reads as they are.
     */
    public static UseCases withPostRead(UseCases real, ReadPost readPost) {
        ReadAsViewer reads = real.readAsViewer();
        ReadAsViewer swapped = new ReadAsViewer() {
            @Override
            public Post post(Optional<UserId> viewer, PostId post) {
                return readPost.read(post);
            }

            @Override
            public Page<Post> authorTimeline(Optional<UserId> viewer, Username author, PageRequest page) {
                return reads.authorTimeline(viewer, author, page);
            }

            @Override
            public Page<Post> replies(Optional<UserId> viewer, PostId parent, PageRequest page) {
                return reads.replies(viewer, parent, page);
            }

            @Override
            public Conversation context(Optional<UserId> viewer, PostId post, PageRequest replies) {
                return reads.context(viewer, post, replies);
            }

            @Override
            public Profile profile(Optional<UserId> viewer, Username username) {
                return reads.profile(viewer, username);
            }
        };
        return real.toBuilder().readPost(readPost).readAsViewer(swapped).build();
    }

    /** The core's use cases with full-text search swapped, the others as they are. */
    public static UseCases withSearch(UseCases real, Search search) {
        return real.toBuilder().search(search).build();
    }
}
