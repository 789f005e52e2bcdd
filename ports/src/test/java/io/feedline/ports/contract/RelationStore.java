package io.feedline.ports.contract;

import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.Relations;
import java.util.Objects;

/** The ports a block writes together: its entries, the follow edges it removes and the outbox its purges go to. */
public record RelationStore(Relations relations, FollowGraph graph, FanoutJobs jobs) {
    public RelationStore {
        Objects.requireNonNull(relations, "relations");
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(jobs, "jobs");
    }
}
