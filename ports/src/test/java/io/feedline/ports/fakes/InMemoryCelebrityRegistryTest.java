package io.feedline.ports.fakes;

import io.feedline.ports.contract.CelebrityRegistryContract;
import io.feedline.ports.out.CelebrityRegistry;

class InMemoryCelebrityRegistryTest extends CelebrityRegistryContract {
    private static final InMemoryCelebrityRegistry SHARED = new InMemoryCelebrityRegistry();

    @Override
    protected CelebrityRegistry celebrityRegistry() {
        return SHARED;
    }
}
