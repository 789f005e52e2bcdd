package io.feedline.ports.fakes;

import io.feedline.ports.contract.LikesContract;
import io.feedline.ports.contract.PostStore;

class InMemoryLikesTest extends LikesContract {
    private static final InMemoryPostStore SHARED = new InMemoryPostStore();

    @Override
    protected PostStore postStore() {
        return SHARED.store();
    }
}
