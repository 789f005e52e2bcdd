package io.feedline.domain.fanout;

import io.feedline.ports.out.EntityFollows;
import io.feedline.ports.out.TagIndex;
import java.util.Objects;

/** What the fan-out worker needs of tags: the follows, the index, the push-or-pull rule and the ranking. */
public record TagFanout(EntityFollows follows, TagIndex index, TagPushes policy, TagRanking ranker) {
    public TagFanout {
        Objects.requireNonNull(follows, "follows");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(ranker, "ranker");
    }
}
