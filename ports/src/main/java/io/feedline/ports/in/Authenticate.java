package io.feedline.ports.in;

import io.feedline.ports.model.LoginName;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.UserAccount;

/**
 * Checks a username or an email and a password. An unknown name and a wrong password fail alike,
 * in similar time, whichever form the name takes: a login never tells whether an account exists.
 */
public interface Authenticate {

    /** @throws io.feedline.ports.model.FeedlineException.InvalidCredentials on any mismatch */
    UserAccount authenticate(LoginName login, Password password);
}
