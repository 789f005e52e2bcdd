package io.feedline.ports.in;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Relation;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.model.Username;
import java.util.Set;

/**
 * Muting and blocking, as the caller. A mute hides the muted account's posts, reposts and
 * notifications from the caller's home feed (and every list read for the caller). A block does
 * that both ways, removes the follows between the two, refuses follows, replies and mentions
 * between them, and hides each from the other everywhere (see {@link ReadAsViewer}). Every change
 * is idempotent.
 */
public interface ManageRelations {

    /** The most mutes and blocks one account keeps: the reader's set is read whole on each page it filters. */
    int MAX_RELATIONS = 1000;

    /**
     * @return true if the mute is new
     * @throws io.feedline.ports.model.FeedlineException.NotFound if there is no such user
     * @throws io.feedline.ports.model.FeedlineException.InvalidInput when muting oneself
     * @throws io.feedline.ports.model.FeedlineException.LimitReached past {@link #MAX_RELATIONS}
     */
    boolean mute(UserId caller, Username target);

    /** @return true if there was a mute */
    boolean unmute(UserId caller, Username target);

    /**
     * @return true if the block is new
     * @throws io.feedline.ports.model.FeedlineException.NotFound if there is no such user
     * @throws io.feedline.ports.model.FeedlineException.InvalidInput when blocking oneself
     * @throws io.feedline.ports.model.FeedlineException.LimitReached past {@link #MAX_RELATIONS}
     */
    boolean block(UserId caller, Username target);

    /** @return true if there was a block; the follows it removed stay removed */
    boolean unblock(UserId caller, Username target);

    /** The accounts the caller mutes, by user id. */
    Page<UserSummary> mutes(UserId caller, PageRequest page);

    /** The accounts the caller blocks, by user id. */
    Page<UserSummary> blocks(UserId caller, PageRequest page);

    /** How the caller stands to {@code other}: empty when neither mutes nor blocks. */
    Set<Relation> relation(UserId caller, Username other);
}
