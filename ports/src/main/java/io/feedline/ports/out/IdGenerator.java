package io.feedline.ports.out;

import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;

/** Time-sortable ids. Within one generator, each id is greater than the one before. */
public interface IdGenerator {

    PostId newPostId();

    UserId newUserId();
}
