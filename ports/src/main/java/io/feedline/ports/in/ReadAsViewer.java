package io.feedline.ports.in;

import io.feedline.ports.model.Conversation;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.Profile;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.util.Optional;

/**
 * The public reads ({@link ReadPost}, {@link ReadAuthorTimeline}, {@link ReadConversation},
 * {@link ReadProfile}) as their caller sees them. With no viewer (an anonymous caller) each is
 * exactly the public read. A signed-in viewer with a block between them and an author, either way,
 * does not find that author's posts (404, as if they did not exist), their replies and reposts drop
 * out of threads and timelines, and the blocked side does not find the blocker's profile. The
 * blocker still finds the blocked account's profile, to unblock it. Mutes do not change these
 * reads: a muted account stays reachable on purpose.
 */
public interface ReadAsViewer {

    /** @throws io.feedline.ports.model.FeedlineException.NotFound if missing, deleted, or a block separates viewer and author */
    Post post(Optional<UserId> viewer, PostId post);

    /** @throws io.feedline.ports.model.FeedlineException.NotFound if no such author, or a block separates them */
    Page<Post> authorTimeline(Optional<UserId> viewer, Username author, PageRequest page);

    /** The direct replies, less those by accounts a block separates from the viewer (a page may come back short, with a cursor). */
    Page<Post> replies(Optional<UserId> viewer, PostId parent, PageRequest page);

    /** The post in context; an ancestor by a separated account shows as unavailable, as a deleted one does. */
    Conversation context(Optional<UserId> viewer, PostId post, PageRequest replies);

    /** @throws io.feedline.ports.model.FeedlineException.NotFound if no such user, or that user blocks the viewer */
    Profile profile(Optional<UserId> viewer, Username username);
}
