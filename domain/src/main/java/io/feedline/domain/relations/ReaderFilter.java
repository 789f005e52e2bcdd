package io.feedline.domain.relations;

import io.feedline.ports.model.Mention;
import io.feedline.ports.model.Notification;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.RelationSet;
import io.feedline.ports.model.UserId;
import java.util.List;
import java.util.Optional;

/**
 * What one reader is not shown, from their mutes and blocks (read once per request through
 * {@link RelationSets}). Any list read for a reader (home feed, tag pages, explore, search,
 * notifications) applies it with one call, {@link #visible(List)}; the reads of one thread or one
 * account apply the narrower {@link #separated(UserId)}.
 *
 * <p>A post is hidden from a list when its author, its reposter (the entry that brought it), the
 * author it replies to, or any user it mentions is muted by the reader, blocked by the reader, or
 * blocks the reader. The reader's own posts are never hidden: nobody mutes or blocks themselves.
 */
public final class ReaderFilter {
    public static final ReaderFilter NONE = new ReaderFilter(RelationSet.EMPTY);

    private final RelationSet relations;

    ReaderFilter(RelationSet relations) {
        this.relations = relations;
    }

    public RelationSet relations() {
        return relations;
    }

    /** Nothing to hide: a caller may skip the work. */
    public boolean isEmpty() {
        return relations.muting().isEmpty() && relations.blocking().isEmpty() && relations.blockedBy().isEmpty();
    }

    /** Muted, blocked or blocking: hidden from the reader's lists. */
    public boolean hides(UserId user) {
        return relations.muting().contains(user) || separated(user);
    }

    /** A block between the reader and {@code user}, either way: hidden everywhere, threads and direct reads included. */
    public boolean separated(UserId user) {
        return relations.blocking().contains(user) || relations.blockedBy().contains(user);
    }

    /** Whether a list shows {@code post} (an entry as read, or a repost entry resolved to its original). */
    public boolean shows(Post post) {
        if (isEmpty()) {
            return true;
        }
        if (hides(post.authorId())) {
            return false;
        }
        if (post.repostedBy().map(by -> hides(by.userId())).orElse(false)) {
            return false;
        }
        if (post.repostOf().map(PostRef::authorId).map(this::hides).orElse(false)) {
            return false;
        }
        if (post.inReplyTo().map(PostRef::authorId).map(this::hides).orElse(false)) {
            return false;
        }
        return post.mentions().stream().map(Mention::id).noneMatch(this::hides);
    }

    /** The posts a list shows, in their order. */
    public List<Post> visible(List<Post> posts) {
        if (isEmpty()) {
            return posts;
        }
        return posts.stream().filter(this::shows).toList();
    }

    /** Whether a thread or a timeline shows {@code post}: only a block hides there. */
    public boolean showsInThread(Post post) {
        return !separated(post.authorId())
                && !post.repostedBy().map(by -> separated(by.userId())).orElse(false)
                && !post.repostOf().map(PostRef::authorId).map(this::separated).orElse(false);
    }

    /**
     * A notification row as the reader sees it: its hidden actors left out, and no row at all when
     * every actor it names is hidden. The row's count still counts them.
     */
    public Optional<Notification> shows(Notification row) {
        if (isEmpty() || row.latestActors().isEmpty()) {
            return Optional.of(row);
        }
        List<UserId> actors = row.latestActors().stream().filter(actor -> !hides(actor)).toList();
        if (actors.isEmpty()) {
            return Optional.empty();
        }
        if (actors.size() == row.latestActors().size()) {
            return Optional.of(row);
        }
        return Optional.of(new Notification(row.id(), row.type(), row.post(), actors, row.count(), row.latestAt()));
    }
}
