package io.feedline.ports.fakes;

import io.feedline.ports.contract.ArticlesContract;
import io.feedline.ports.contract.PostStore;

class InMemoryArticlesTest extends ArticlesContract {
    @Override
    protected PostStore postStore() {
        return new InMemoryPostStore().store();
    }
}
