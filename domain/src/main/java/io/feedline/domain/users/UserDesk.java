package io.feedline.domain.users;

import io.feedline.domain.events.UserEvents;
import io.feedline.ports.in.Authenticate;
import io.feedline.ports.in.ReadProfile;
import io.feedline.ports.in.RegisterUser;
import io.feedline.ports.model.Credentials;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.FollowCounts;
import io.feedline.ports.model.LoginName;
import io.feedline.ports.model.Mention;
import io.feedline.ports.model.Mentions;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.Profile;
import io.feedline.ports.model.SessionStamp;
import io.feedline.ports.model.SignedIn;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.IdGenerator;
import io.feedline.ports.out.PasswordHasher;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.UserAccounts;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Registration, login and profiles. */
public final class UserDesk implements RegisterUser, Authenticate, ReadProfile {
    private final UserAccounts users;
    private final FollowGraph graph;
    private final Posts posts;
    private final PasswordHasher hasher;
    private final IdGenerator ids;
    private final Clock clock;
    private final boolean indexesAccounts;
    private final boolean registrationsOpen;
    private final List<UserEvents> events;
    private volatile PasswordHash decoy;

    /**
     * {@code indexesAccounts}: whether a registration enqueues its account's search index job;
     * {@code registrationsOpen}: whether anyone may sign up; {@code events}: told of each
     * registration once it has committed.
     */
    public UserDesk(UserAccounts users, FollowGraph graph, Posts posts, PasswordHasher hasher, IdGenerator ids, Clock clock,
            boolean indexesAccounts, boolean registrationsOpen, List<UserEvents> events) {
        this.indexesAccounts = indexesAccounts;
        this.registrationsOpen = registrationsOpen;
        this.events = List.copyOf(events);
        this.users = users;
        this.graph = graph;
        this.posts = posts;
        this.hasher = hasher;
        this.ids = ids;
        this.clock = clock;
    }

    @Override
    public UserAccount register(Command command) {
        if (!registrationsOpen) {
            // Before the hash: a closed server spends nothing on a sign-up.
            throw new FeedlineException.Forbidden("registrations are closed on this server");
        }
        PasswordHash hash = hasher.hash(command.password());
        UserAccount account = new UserAccount(
                ids.newUserId(),
                command.username(),
                command.email(),
                command.displayName(),
                command.bio(),
                clock.instant().truncatedTo(ChronoUnit.MILLIS));
        users.create(account, hash,
                indexesAccounts ? List.of(new FanoutJob.IndexAccount(account.id())) : List.of());
        events.forEach(listener -> listener.registered(account));
        return account;
    }

    @Override
    public boolean registrationsOpen() {
        return registrationsOpen;
    }

    @Override
    public SignedIn authenticate(LoginName login, Password password) {
        // The lookup runs on the hasher's admission: a login refused for overload costs no read.
        return hasher.admit(() -> check(login, password));
    }

    private SignedIn check(LoginName login, Password password) {
        Optional<Credentials> credentials = switch (login) {
            case Username username -> users.findCredentials(username);
            case Email email -> users.findCredentials(email);
        };
        if (credentials.isEmpty()) {
            // Hash anyway, so an unknown username costs the same time as a wrong password.
            hasher.verify(password, decoy());
            throw new FeedlineException.InvalidCredentials();
        }
        if (!hasher.verify(password, credentials.get().passwordHash())) {
            throw new FeedlineException.InvalidCredentials();
        }
        UserAccount account = users.findById(credentials.get().userId()).orElseThrow(FeedlineException.InvalidCredentials::new);
        return new SignedIn(account, AccountDesk.stampOf(credentials.get().passwordHash()));
    }

    @Override
    public Optional<SessionStamp> sessionStamp(UserId user) {
        return users.findCredentials(user).map(credentials -> AccountDesk.stampOf(credentials.passwordHash()));
    }

    /** The account behind an id the caller was given (a token's subject). */
    public UserAccount byId(UserId id) {
        return users.findById(id).orElseThrow(() -> new FeedlineException.NotFound("user", "no such user"));
    }

    @Override
    public Profile read(Username username) {
        UserAccount account = byName(username);
        FollowCounts counts = graph.counts(account.id());
        return new Profile(account, counts.followers(), counts.following(), posts.countByAuthor(account.id()));
    }

    public UserAccount byName(Username username) {
        return users.findByUsername(username)
                .orElseThrow(() -> new FeedlineException.NotFound("user", "no user named '" + username.value() + "'"));
    }

    private PasswordHash decoy() {
        PasswordHash current = decoy;
        if (current == null) {
            current = hasher.hash(new Password("decoy-password-for-unknown-users"));
            decoy = current;
        }
        return current;
    }

    /** The users a text mentions by handle, in order, resolved in one batch read; unknown handles stay text. */
    public List<Mention> mentionsIn(PostText text) {
        List<Username> handles = Mentions.in(text);
        if (handles.isEmpty()) {
            return List.of();
        }
        Map<Username, UserId> ids = users.findIdsByUsername(handles);
        return handles.stream().filter(ids::containsKey).map(handle -> new Mention(ids.get(handle), handle)).toList();
    }
}
