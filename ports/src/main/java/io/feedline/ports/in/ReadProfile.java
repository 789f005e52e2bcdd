package io.feedline.ports.in;

import io.feedline.ports.model.Profile;
import io.feedline.ports.model.Username;

/** A user's profile with exact follower, following and post counts. */
public interface ReadProfile {

    /** @throws io.feedline.ports.model.FeedlineException.NotFound if the user does not exist */
    Profile read(Username username);
}
