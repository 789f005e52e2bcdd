package io.feedline.app.http;

import io.feedline.ports.in.ReadPost;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import java.util.concurrent.CountDownLatch;

/**
 * A post read that reaches storage and never returns, as a hung engine would, until its thread is
 * interrupted; it then fails as storage unavailable. The latches say how far it got.
 */
public final class StuckRead implements ReadPost {
    /** Counted down when the read reached storage. */
    public final CountDownLatch entered = new CountDownLatch(1);
    /** Counted down when the read was interrupted. */
    public final CountDownLatch interrupted = new CountDownLatch(1);
    /** Never counted down: still 1 shows the answer did not come from storage. */
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
        throw new AssertionError("released, which no test does");
    }
}
