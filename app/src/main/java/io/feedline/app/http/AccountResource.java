package io.feedline.app.http;

import io.feedline.app.http.Representations.Account;
import io.feedline.app.http.Representations.LoginRequest;
import io.feedline.app.http.Representations.ProfileView;
import io.feedline.app.http.Representations.RegisterRequest;
import io.feedline.app.http.Representations.Session;
import io.feedline.app.http.Representations.UserView;
import io.feedline.ports.in.Authenticate;
import io.feedline.ports.in.ManageRelations;
import io.feedline.ports.in.ReadAsViewer;
import io.feedline.ports.in.ReadProfile;
import io.feedline.ports.in.RegisterUser;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.LoginName;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.Profile;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.javalin.http.Context;
import java.util.Optional;

/** Registration, login and profiles. */
final class AccountResource {
    private final RegisterUser registerUser;
    private final Authenticate authenticate;
    private final ReadProfile readProfile;
    private final ManageRelations manageRelations;
    private final ReadAsViewer readAsViewer;
    private final BearerTokens tokens;
    private final Json json;
    private final RateLimits failedLogins;

    /** @param failedLogins charged once per wrong password, keyed by username, whatever the address */
    AccountResource(RegisterUser registerUser, Authenticate authenticate, ReadProfile readProfile,
            ManageRelations manageRelations, ReadAsViewer readAsViewer, BearerTokens tokens, Json json,
            RateLimits failedLogins) {
        this.registerUser = registerUser;
        this.authenticate = authenticate;
        this.readProfile = readProfile;
        this.manageRelations = manageRelations;
        this.readAsViewer = readAsViewer;
        this.tokens = tokens;
        this.json = json;
        this.failedLogins = failedLogins;
    }

    void register(Context ctx) {
        RegisterRequest body = json.read(ctx, RegisterRequest.class);
        UserAccount account = registerUser.register(new RegisterUser.Command(
                Username.of(body.username()),
                Email.of(body.email()),
                new Password(body.password()),
                DisplayName.of(body.displayName() == null ? body.username() : body.displayName()),
                Bio.of(body.bio())));
        ctx.status(201).header("Location", "/users/" + account.username().value()).json(Account.of(account));
    }

    void login(Context ctx) {
        LoginRequest body = json.read(ctx, LoginRequest.class);
        LoginName login = loginName(body);
        String key = RateLimits.loginKey(login.value());
        failedLogins.requireAvailable(key);
        UserAccount account;
        try {
            account = authenticate.authenticate(login, new Password(body.password()));
        } catch (FeedlineException.InvalidCredentials wrong) {
            failedLogins.charge(key);
            throw wrong;
        }
        BearerTokens.Issued issued = tokens.issue(account);
        ctx.status(201).header("Cache-Control", "no-store").json(new Session(
                issued.token(), "Bearer", issued.expiresAt(), issued.lifetime().toSeconds(), UserView.of(account)));
    }

    /** The username or the email the body names: exactly one of the two. */
    private static LoginName loginName(LoginRequest body) {
        if (body.email() == null) {
            return Username.of(body.username());
        }
        if (body.username() != null) {
            throw new FeedlineException.InvalidInput("email", "give a username or an email, not both");
        }
        return Email.of(body.email());
    }

    /** Revokes the token this request bears, until it would have expired. */
    void logout(Context ctx) {
        Caller caller = Caller.of(ctx);
        caller.required();
        tokens.revoke(caller.token().orElseThrow());
        ctx.status(204);
    }

    void profile(Context ctx) {
        Username username = PathValues.username(ctx, "username");
        Optional<UserId> viewer = Caller.of(ctx).user();
        if (viewer.isEmpty()) {
            ctx.json(ProfileView.of(readProfile.read(username)));
            return;
        }
        // A signed-in viewer: the blocked side does not find the blocker, and others see how they stand to the user.
        Profile profile = readAsViewer.profile(viewer, username);
        ProfileView view = ProfileView.of(profile);
        ctx.json(profile.account().id().equals(viewer.get())
                ? view
                : view.withRelation(manageRelations.relation(viewer.get(), username)));
    }
}
