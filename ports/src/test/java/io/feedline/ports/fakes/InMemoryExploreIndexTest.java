package io.feedline.ports.fakes;

import io.feedline.ports.contract.ExploreIndexContract;

class InMemoryExploreIndexTest extends ExploreIndexContract {
    private static final InMemoryPostStore SHARED = new InMemoryPostStore();

    @Override
    protected Store store() {
        return new Store(SHARED.posts(), SHARED.explore());
    }
}
