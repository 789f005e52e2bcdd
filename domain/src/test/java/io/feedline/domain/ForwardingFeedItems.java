package io.feedline.domain;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FeedItems;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** Durable feeds that forward every call to a real store: a test overrides only the call it makes fail or watches. */
public abstract class ForwardingFeedItems implements FeedItems {
    protected final FeedItems delegate;

    protected ForwardingFeedItems(FeedItems delegate) {
        this.delegate = delegate;
    }

    @Override
    public void append(Collection<Delivery> deliveries) {
        delegate.append(deliveries);
    }

    @Override
    public List<PostRef> page(UserId reader, Optional<PostId> before, int limit) {
        return delegate.page(reader, before, limit);
    }

    @Override
    public void remove(Collection<Delivery> entries) {
        delegate.remove(entries);
    }
}
