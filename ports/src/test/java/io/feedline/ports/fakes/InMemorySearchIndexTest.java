package io.feedline.ports.fakes;

import io.feedline.ports.contract.SearchIndexContract;
import io.feedline.ports.out.SearchIndex;

class InMemorySearchIndexTest extends SearchIndexContract {
    private static final InMemorySearchIndex SHARED = new InMemorySearchIndex();

    @Override
    protected SearchIndex searchIndex() {
        return SHARED;
    }
}
