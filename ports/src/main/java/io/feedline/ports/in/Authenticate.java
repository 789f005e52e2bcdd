package io.feedline.ports.in;

import io.feedline.ports.model.Password;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.Username;

/** Checks a username and password. Unknown user and wrong password fail alike, in similar time. */
public interface Authenticate {

    /** @throws io.feedline.ports.model.FeedlineException.InvalidCredentials on any mismatch */
    UserAccount authenticate(Username username, Password password);
}
