package io.feedline.ports.in;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.TagSummary;
import io.feedline.ports.model.TagUse;
import io.feedline.ports.model.Trending;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.util.List;
import java.util.Optional;

/** Tag pages: a tag, its posts, the tags a user follows, the trending tags, and names by prefix. */
public interface ReadTags {

    /**
     * The tag with its uses, followers and whether {@code caller} (when signed in) follows it; any
     * valid name is a tag, perhaps never used.
     */
    TagSummary tag(Optional<UserId> caller, Tag tag);

    /**
     * The posts tagged {@code tag}, newest first, deleted ones left out, and for a signed-in
     * {@code reader} what their mutes and blocks hide (as on the home feed). A page that dropped
     * posts may be short and still have a next cursor.
     */
    Page<Post> posts(Optional<UserId> reader, Tag tag, PageRequest page);

    /**
     * The tags {@code user} follows, by name.
     *
     * @throws io.feedline.ports.model.FeedlineException.NotFound if the user does not exist
     */
    Page<Tag> followed(Username user, PageRequest page);

    /** The most used tags of the last 24 hours, as last ranked by the worker. */
    Trending trending();

    /**
     * Tags whose name starts with {@code prefix} (a normalised name prefix), the most used first,
     * at most {@code limit}.
     */
    List<TagUse> complete(String prefix, int limit);
}
