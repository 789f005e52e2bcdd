package io.feedline.ports.fakes;

import io.feedline.ports.contract.TagIndexContract;
import io.feedline.ports.contract.TaggedPosts;

class InMemoryTagIndexTest extends TagIndexContract {
    @Override
    protected TaggedPosts taggedPosts() {
        InMemoryPostStore store = new InMemoryPostStore();
        return new TaggedPosts(store.posts(), store.tagIndex());
    }
}
