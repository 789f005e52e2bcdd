package io.feedline.ports.fakes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.contract.FollowGraphContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FollowGraph;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class InMemoryFollowGraphTest extends FollowGraphContract {
    private static final InMemoryFollowGraph SHARED = new InMemoryFollowGraph();

    @Override
    protected FollowGraph followGraph() {
        return SHARED;
    }

    @Test
    void followedAmongIsOneCallHoweverManyCandidates() {
        InMemoryFollowGraph graph = new InMemoryFollowGraph();
        UserId reader = TestIds.userId();
        List<UserId> candidates = List.of(TestIds.userId(), TestIds.userId(), TestIds.userId());
        graph.follow(reader, candidates.get(1), Instant.EPOCH);
        graph.calls().reset();

        assertThat(graph.followedAmong(reader, candidates)).containsExactly(candidates.get(1));

        assertThat(graph.calls().total()).isEqualTo(1);
    }

    @Test
    void aForgedPageTokenIsRejectedAsInput() {
        InMemoryFollowGraph graph = new InMemoryFollowGraph();

        assertThatThrownBy(() -> graph.following(TestIds.userId(), PageRequest.after(new PageToken("not-an-id"), 10)))
                .isInstanceOf(FeedlineException.InvalidInput.class);
    }
}
