package io.feedline.ports.fakes;

import io.feedline.ports.contract.PostCountersContract;
import io.feedline.ports.contract.PostStore;

class InMemoryPostCountersTest extends PostCountersContract {
    private static final InMemoryPostStore SHARED = new InMemoryPostStore();

    @Override
    protected PostStore postStore() {
        return SHARED.store();
    }
}
