package io.feedline.ports.fakes;

import io.feedline.ports.contract.FanoutJobsContract;
import io.feedline.ports.contract.PostStore;

// Shared across tests on purpose: the suite must cope with other tests' jobs in the outbox.
class InMemoryFanoutJobsTest extends FanoutJobsContract {
    private static final InMemoryPostStore SHARED = new InMemoryPostStore();

    @Override
    protected PostStore postStore() {
        return SHARED.store();
    }
}
