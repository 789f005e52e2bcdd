package io.feedline.ports.fakes;

import io.feedline.ports.contract.PostStore;
import io.feedline.ports.contract.RepostsContract;

class InMemoryRepostsTest extends RepostsContract {
    private static final InMemoryPostStore SHARED = new InMemoryPostStore();

    @Override
    protected PostStore postStore() {
        return SHARED.store();
    }
}
