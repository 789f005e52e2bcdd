package io.feedline.ports.in;

import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.Username;
import java.util.Objects;

/** Creates an account with a unique username and email; the password is stored only as a slow hash. */
public interface RegisterUser {

    /**
     * @throws io.feedline.ports.model.FeedlineException.UsernameTaken on a case-insensitive duplicate
     * @throws io.feedline.ports.model.FeedlineException.EmailTaken on a case-insensitive duplicate
     * @throws io.feedline.ports.model.FeedlineException.Forbidden when registrations are closed
     */
    UserAccount register(Command command);

    /** Whether this server takes sign-ups; when it does not, {@link #register} is Forbidden. */
    boolean registrationsOpen();

    record Command(Username username, Email email, Password password, DisplayName displayName, Bio bio) {
        public Command {
            Objects.requireNonNull(username, "username");
            Objects.requireNonNull(email, "email");
            Objects.requireNonNull(password, "password");
            Objects.requireNonNull(displayName, "displayName");
            bio = bio == null ? Bio.EMPTY : bio;
        }
    }
}
