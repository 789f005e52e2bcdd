package io.feedline.ports.out;

import io.feedline.ports.model.FanoutJob;
import java.util.List;

import io.feedline.ports.model.Credentials;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.model.ProfileEdit;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/** Registered users, unique by username and by email, both compared case-insensitively. */
public interface UserAccounts {

    /**
     * Stores a new account atomically with its uniqueness claims: either everything is written or
     * nothing is. Never read-check-then-insert: concurrent duplicates are decided by the engine.
     *
     * @throws io.feedline.ports.model.FeedlineException.UsernameTaken if the username is taken
     * @throws io.feedline.ports.model.FeedlineException.EmailTaken if the email is taken
     */
    void create(UserAccount account, PasswordHash passwordHash);

    /**
     * As {@link #create(UserAccount, PasswordHash)}, enqueueing {@code jobs} (the account's search
     * index job) in the same atomic write. A store that shares no outbox with the fan-out jobs
     * takes no jobs (the polyglot profile's search reads its users table directly).
     *
     * @throws UnsupportedOperationException if jobs are given to a store without the outbox
     */
    default void create(UserAccount account, PasswordHash passwordHash, List<FanoutJob> jobs) {
        if (!jobs.isEmpty()) {
            throw new UnsupportedOperationException(getClass().getSimpleName() + " shares no outbox with the fan-out jobs");
        }
        create(account, passwordHash);
    }

    /** The account with this id, if any. */
    Optional<UserAccount> findById(UserId id);

    /** The account with this username (case-insensitive), if any. Never carries the password hash. */
    Optional<UserAccount> findByUsername(Username username);

    /** The accounts among {@code ids} that exist, keyed by id; unknown ids are left out. */
    Map<UserId, UserAccount> findAllById(Collection<UserId> ids);

    /**
     * The ids of the accounts among {@code usernames} (case-insensitive), keyed by username; unknown
     * names are left out. One batch read however many names (mentions are resolved this way).
     */
    Map<Username, UserId> findIdsByUsername(Collection<Username> usernames);

    /** What login needs for this username, if it exists. The only read that returns a hash. */
    Optional<Credentials> findCredentials(Username username);

    /** What login needs for this email (case-insensitive), if an account has it. Returns a hash. */
    Optional<Credentials> findCredentials(Email email);

    /** What a session check needs for this user id, if the account exists. Returns a hash. */
    Optional<Credentials> findCredentials(UserId id);

    /**
     * Replaces the stored password hash of the account with this id. False if there is none.
     * One conditional write: it never creates an account.
     */
    boolean changePassword(UserId id, PasswordHash newHash);

    /**
     * Applies {@code edit} to the account with this id, setting only the parts it names (an edit of
     * the display name made at the same time as one of the bio keeps both), and answers the account
     * as the write left it; empty if there is no such account. One conditional write.
     */
    Optional<UserAccount> edit(UserId id, ProfileEdit edit);
}
