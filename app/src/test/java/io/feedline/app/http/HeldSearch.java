package io.feedline.app.http;

import io.feedline.ports.in.Search;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.SearchQuery;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.UserSummary;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A search whose first call of posts holds its thread until released; later calls answer at once.
 * It keeps one anonymous read in flight, so a test can see what the admission does to the next.
 */
public final class HeldSearch implements Search {
    public final CountDownLatch entered = new CountDownLatch(1);
    public final CountDownLatch release = new CountDownLatch(1);
    public final AtomicInteger calls = new AtomicInteger();
    private final Search real;

    public HeldSearch(Search real) {
        this.real = real;
    }

    @Override
    public Page<Post> posts(Optional<UserId> reader, SearchQuery query, PageRequest page) {
        if (calls.incrementAndGet() == 1) {
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return real.posts(reader, query, page);
    }

    @Override
    public Page<UserSummary> accounts(Optional<UserId> reader, SearchQuery query, PageRequest page) {
        return real.accounts(reader, query, page);
    }
}
