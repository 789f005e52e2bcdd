package io.feedline.domain.fanout;

import java.time.Instant;

/** The trending tags' ranking, as the fan-out counts tag uses and asks for a new ranking. */
public interface TagRanking {
    /** A use was counted: the next {@link #rankIfDue} ranks again (once its interval allows). */
    void used();

    /** Ranks and stores the ranking if uses were counted since the last and its interval has passed. */
    boolean rankIfDue(Instant now);
}
