package io.feedline.ports.out;

import io.feedline.ports.model.UserId;
import java.util.Set;

/**
 * The small set of authors whose posts are merged into feeds at read time instead of fanned out
 * (hybrid mode). Marking is idempotent, and an author once marked stays marked: their posts from
 * then on were never fanned out.
 */
public interface CelebrityRegistry {

    /** Every marked author. The set is expected to stay small (thousands at most). */
    Set<UserId> all();

    /** Marks {@code author}; idempotent. */
    void mark(UserId author);
}
