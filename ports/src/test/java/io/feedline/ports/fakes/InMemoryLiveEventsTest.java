package io.feedline.ports.fakes;

import io.feedline.ports.contract.LiveEventsContract;
import io.feedline.ports.out.LiveEvents;

class InMemoryLiveEventsTest extends LiveEventsContract {

    @Override
    protected LiveEvents channel() {
        return new InMemoryLiveEvents();
    }

    @Override
    protected LiveEvents peerOf(LiveEvents first) {
        return first;
    }
}
