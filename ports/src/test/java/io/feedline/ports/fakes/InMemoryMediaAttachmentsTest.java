package io.feedline.ports.fakes;

import io.feedline.ports.contract.MediaAttachmentsContract;

class InMemoryMediaAttachmentsTest extends MediaAttachmentsContract {
    @Override
    protected Store store() {
        InMemoryPostStore store = new InMemoryPostStore();
        return new Store(store.posts(), store.media());
    }
}
