package io.feedline.ports.in;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.model.Username;

/** The accounts that follow a user, in a stable order. */
public interface ReadFollowers {

    /** @throws io.feedline.ports.model.FeedlineException.NotFound if the user does not exist */
    Page<UserSummary> followers(Username user, PageRequest page);
}
