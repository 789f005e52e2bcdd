package io.feedline.ports.in;

import io.feedline.ports.model.LoginName;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.SessionStamp;
import io.feedline.ports.model.SignedIn;
import io.feedline.ports.model.UserId;
import java.util.Optional;

/**
 * Checks a username or an email and a password. An unknown name and a wrong password fail alike,
 * in similar time, whichever form the name takes: a login never tells whether an account exists.
 */
public interface Authenticate {

    /**
     * The account and the session stamp of the credentials that were checked, read together.
     *
     * @throws io.feedline.ports.model.FeedlineException.InvalidCredentials on any mismatch
     */
    SignedIn authenticate(LoginName login, Password password);

    /**
     * The session stamp a token of {@code user} must carry now; empty if the account is gone. It
     * changes with the password (docs/adr/0026-session-stamps.md).
     */
    Optional<SessionStamp> sessionStamp(UserId user);
}
