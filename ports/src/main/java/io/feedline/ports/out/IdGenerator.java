package io.feedline.ports.out;

import io.feedline.ports.model.MediaId;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;

/** Time-sortable ids. Within one generator, each id is greater than the one before. */
public interface IdGenerator {

    PostId newPostId();

    UserId newUserId();

    /** An attachment's id: a ULID as a post's, so it is unguessable and sorts by upload time. */
    default MediaId newMediaId() {
        return MediaId.of(newPostId().value());
    }
}
