package io.feedline.ports.fakes;

import io.feedline.ports.model.Credentials;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.model.ProfileEdit;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.UserAccounts;
import java.util.List;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * User accounts in memory. The uniqueness checks and the writes happen under one lock, as one
 * transaction does in the engines; Username and Email are lower-cased by their types.
 */
public final class InMemoryUserAccounts implements UserAccounts {
    private final Map<UserId, UserAccount> byId = new HashMap<>();
    private final Map<Username, UserId> byUsername = new HashMap<>();
    private final Map<Email, UserId> byEmail = new HashMap<>();
    private final Map<UserId, PasswordHash> hashes = new HashMap<>();
    private final CallLog calls = new CallLog();
    private final FanoutJobs outbox;

    /** Accounts that take no jobs at registration. */
    public InMemoryUserAccounts() {
        this.outbox = null;
    }

    /** Accounts whose registrations enqueue their jobs into {@code outbox}, under the same lock. */
    public InMemoryUserAccounts(FanoutJobs outbox) {
        this.outbox = Objects.requireNonNull(outbox, "outbox");
    }

    public CallLog calls() {
        return calls;
    }

    @Override
    public synchronized void create(UserAccount account, PasswordHash passwordHash, List<FanoutJob> jobs) {
        if (outbox == null) {
            UserAccounts.super.create(account, passwordHash, jobs);
            return;
        }
        create(account, passwordHash);
        jobs.forEach(outbox::enqueue);
    }

    @Override
    public synchronized void create(UserAccount account, PasswordHash passwordHash) {
        calls.record("create");
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(passwordHash, "passwordHash");
        if (byUsername.containsKey(account.username())) {
            throw new FeedlineException.UsernameTaken(account.username());
        }
        if (byEmail.containsKey(account.email())) {
            throw new FeedlineException.EmailTaken();
        }
        if (byId.containsKey(account.id())) {
            throw new FeedlineException.WriteConflict("user id " + account.id() + " already exists", null);
        }
        byId.put(account.id(), account);
        byUsername.put(account.username(), account.id());
        byEmail.put(account.email(), account.id());
        hashes.put(account.id(), passwordHash);
    }

    @Override
    public synchronized Optional<UserAccount> findById(UserId id) {
        calls.record("findById");
        return Optional.ofNullable(byId.get(id));
    }

    @Override
    public synchronized Optional<UserAccount> findByUsername(Username username) {
        calls.record("findByUsername");
        return Optional.ofNullable(byUsername.get(username)).map(byId::get);
    }

    @Override
    public synchronized Map<UserId, UserAccount> findAllById(Collection<UserId> ids) {
        calls.record("findAllById");
        Map<UserId, UserAccount> found = new LinkedHashMap<>();
        for (UserId id : ids) {
            UserAccount account = byId.get(id);
            if (account != null) {
                found.put(id, account);
            }
        }
        return found;
    }

    @Override
    public synchronized Map<Username, UserId> findIdsByUsername(Collection<Username> usernames) {
        calls.record("findIdsByUsername");
        Map<Username, UserId> found = new LinkedHashMap<>();
        for (Username username : usernames) {
            UserId id = byUsername.get(username);
            if (id != null) {
                found.put(username, id);
            }
        }
        return found;
    }

    @Override
    public synchronized Optional<Credentials> findCredentials(Username username) {
        calls.record("findCredentials");
        return Optional.ofNullable(byUsername.get(username)).map(id -> new Credentials(id, hashes.get(id)));
    }

    @Override
    public synchronized Optional<Credentials> findCredentials(Email email) {
        calls.record("findCredentials");
        return Optional.ofNullable(byEmail.get(email)).map(id -> new Credentials(id, hashes.get(id)));
    }

    @Override
    public synchronized Optional<Credentials> findCredentials(UserId id) {
        calls.record("findCredentials");
        return Optional.ofNullable(hashes.get(id)).map(hash -> new Credentials(id, hash));
    }

    @Override
    public synchronized boolean changePassword(UserId id, PasswordHash newHash) {
        calls.record("changePassword");
        Objects.requireNonNull(newHash, "newHash");
        if (!byId.containsKey(id)) {
            return false;
        }
        hashes.put(id, newHash);
        return true;
    }

    @Override
    public synchronized Optional<UserAccount> edit(UserId id, ProfileEdit edit) {
        calls.record("edit");
        UserAccount current = byId.get(id);
        if (current == null) {
            return Optional.empty();
        }
        UserAccount edited = edit.applyTo(current);
        byId.put(id, edited);
        return Optional.of(edited);
    }
}
