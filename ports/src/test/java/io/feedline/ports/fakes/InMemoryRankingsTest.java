package io.feedline.ports.fakes;

import io.feedline.ports.contract.RankingsContract;
import io.feedline.ports.out.Rankings;

class InMemoryRankingsTest extends RankingsContract {
    private static final InMemoryRankings SHARED = new InMemoryRankings();

    @Override
    protected Rankings rankings() {
        return SHARED;
    }
}
