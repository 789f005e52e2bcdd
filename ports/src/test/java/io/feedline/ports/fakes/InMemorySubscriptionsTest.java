package io.feedline.ports.fakes;

import io.feedline.ports.contract.SubscriptionsContract;
import io.feedline.ports.out.Subscriptions;

class InMemorySubscriptionsTest extends SubscriptionsContract {
    private static final InMemorySubscriptions SHARED = new InMemorySubscriptions();

    @Override
    protected Subscriptions subscriptions() {
        return SHARED;
    }
}
