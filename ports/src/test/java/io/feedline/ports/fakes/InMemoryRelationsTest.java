package io.feedline.ports.fakes;

import io.feedline.ports.contract.RelationStore;
import io.feedline.ports.contract.RelationsContract;

class InMemoryRelationsTest extends RelationsContract {
    private static final InMemoryPostStore POSTS = new InMemoryPostStore();
    private static final InMemoryFollowGraph GRAPH = new InMemoryFollowGraph(POSTS.jobs());
    private static final InMemoryRelations SHARED = new InMemoryRelations(GRAPH, POSTS.jobs());

    @Override
    protected RelationStore store() {
        return new RelationStore(SHARED, GRAPH, POSTS.jobs());
    }
}
