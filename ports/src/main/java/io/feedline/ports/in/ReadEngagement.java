package io.feedline.ports.in;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.UserSummary;
import java.util.Optional;

/**
 * The lists behind a post's counts: who likes it and who reposted it, in user id order. For a
 * signed-in {@code viewer}, accounts a block separates from the viewer (either way) are left out,
 * so a page may be short and still have a next position. The counts may trail these lists by the
 * counter processor's lag.
 */
public interface ReadEngagement {

    /** @throws io.feedline.ports.model.FeedlineException.NotFound if there is no such post */
    Page<UserSummary> likers(Optional<UserId> viewer, PostId post, PageRequest page);

    /** @throws io.feedline.ports.model.FeedlineException.NotFound if there is no such post */
    Page<UserSummary> reposters(Optional<UserId> viewer, PostId post, PageRequest page);
}
