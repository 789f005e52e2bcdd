package io.feedline.domain;

import io.feedline.ports.out.EntityFollows;
import io.feedline.ports.out.TagIndex;
import java.util.Objects;

/** What the fan-out worker needs of tags: the follows, the index, the push-or-pull rule and the ranking. */
record TagFanout(EntityFollows follows, TagIndex index, TagPolicy policy, TrendingRanker ranker) {
    TagFanout {
        Objects.requireNonNull(follows, "follows");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(ranker, "ranker");
    }
}
