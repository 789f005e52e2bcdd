package io.feedline.ports.fakes;

import io.feedline.ports.contract.EntityFollowsContract;
import io.feedline.ports.out.EntityFollows;

class InMemoryEntityFollowsTest extends EntityFollowsContract {
    @Override
    protected EntityFollows entityFollows() {
        return new InMemoryEntityFollows();
    }
}
