package io.feedline.ports.fakes;

import io.feedline.ports.contract.MediaStoreContract;
import io.feedline.ports.out.MediaStore;

class InMemoryMediaStoreTest extends MediaStoreContract {
    private static final InMemoryMediaStore SHARED = new InMemoryMediaStore();

    @Override
    protected MediaStore mediaStore() {
        return SHARED;
    }
}
