package io.feedline.ports.out;

import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The time index of every public post, for explore's latest posts. It is written by the adapter's
 * own {@link Posts#publish} and {@link Posts#delete} of the same storage, in the post's own atomic
 * write: a post that starts a thread (not a reply, not a repost) is in the index exactly while it
 * exists. Readers still drop deleted posts when they hydrate, as every list does.
 */
public interface ExploreIndex {

    /**
     * Up to {@code limit} posts strictly older than {@code before} (or the newest), newest first.
     * An adapter may stop short of {@code limit} after a bounded amount of work; it then says
     * where to go on from ({@code continueBefore}), so a short slice never ends the list early.
     * The list ends (no {@code continueBefore}) past the index's retention.
     */
    Slice latest(Optional<PostId> before, int limit);

    /** Some of the index, newest first, and where the next slice starts when more may follow. */
    record Slice(List<PostRef> posts, Optional<PostId> continueBefore) {
        public Slice {
            posts = List.copyOf(posts);
            Objects.requireNonNull(continueBefore, "continueBefore");
        }
    }
}
