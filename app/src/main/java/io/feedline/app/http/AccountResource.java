package io.feedline.app.http;

import io.feedline.app.http.Representations.Account;
import io.feedline.app.http.Representations.LoginRequest;
import io.feedline.app.http.Representations.ProfileView;
import io.feedline.app.http.Representations.RegisterRequest;
import io.feedline.app.http.Representations.Session;
import io.feedline.app.http.Representations.UserView;
import io.feedline.app.http.Representations.PasswordChangeRequest;
import io.feedline.app.http.Representations.ProfileEditRequest;
import io.feedline.app.web.MediaLinks;
import io.feedline.app.web.Uploads;
import io.feedline.ports.in.Authenticate;
import io.feedline.ports.in.ManageAccount;
import io.feedline.ports.in.ManageRelations;
import io.feedline.ports.in.ReadAsViewer;
import io.feedline.ports.in.ReadProfile;
import io.feedline.ports.in.RegisterUser;
import com.fasterxml.jackson.core.JsonGenerator;
import io.feedline.ports.model.AccountExport;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.LoginName;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.Profile;
import io.feedline.ports.model.ProfileDetails;
import io.feedline.ports.model.ProfileField;
import io.feedline.ports.model.SignedIn;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
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
    private final ManageAccount manageAccount;
    private final Uploads uploads;
    private final MediaLinks links;

    /** @param failedLogins charged once per wrong password, keyed by username, whatever the address */
    AccountResource(RegisterUser registerUser, Authenticate authenticate, ReadProfile readProfile,
            ManageRelations manageRelations, ReadAsViewer readAsViewer, BearerTokens tokens, Json json,
            RateLimits failedLogins, ManageAccount manageAccount, Uploads uploads, MediaLinks links) {
        this.manageAccount = manageAccount;
        this.uploads = uploads;
        this.links = links;
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
        ctx.status(201).header("Location", "/users/" + account.username().value()).json(Account.of(account, links));
    }

    void login(Context ctx) {
        LoginRequest body = json.read(ctx, LoginRequest.class);
        LoginName login = loginName(body);
        String key = RateLimits.loginKey(login.value());
        failedLogins.requireAvailable(key);
        SignedIn signedIn;
        try {
            signedIn = authenticate.authenticate(login, new Password(body.password()));
        } catch (FeedlineException.InvalidCredentials wrong) {
            failedLogins.charge(key);
            throw wrong;
        }
        answerSession(ctx, 201, signedIn);
    }

    /** A new token for {@code signedIn}, as a login answers it. */
    private void answerSession(Context ctx, int status, SignedIn signedIn) {
        BearerTokens.Issued issued = tokens.issue(signedIn.account(), signedIn.stamp());
        ctx.status(status).header("Cache-Control", "no-store").json(new Session(
                issued.token(), "Bearer", issued.expiresAt(), issued.lifetime().toSeconds(), UserView.of(signedIn.account())));
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

    /**
     * {@code PATCH /users/me}: a JSON body ({@code displayName}, {@code bio}, {@code fields}) or a
     * multipart form with the same text parts and the images as {@code avatar} and {@code header}.
     * A part left out is left as it is. Answers the caller's own account.
     */
    void editProfile(Context ctx) {
        UserId caller = Caller.of(ctx).required();
        UserAccount edited;
        if (Uploads.isMultipart(ctx)) {
            Uploads.Form form;
            try {
                form = uploads.read(ctx, 2);
            } catch (Uploads.Unreadable e) {
                throw new FeedlineException.InvalidInput("avatar", e.getMessage());
            }
            Optional<InputStream> avatar = form.file("avatar");
            Optional<InputStream> header = form.file("header");
            try {
                edited = manageAccount.editProfile(caller, new ManageAccount.ProfileChange(
                        form.field("displayName").map(DisplayName::of), form.field("bio").map(Bio::of), Optional.empty(),
                        avatar, header));
            } finally {
                Uploads.close(avatar);
                Uploads.close(header);
            }
        } else {
            ProfileEditRequest body = json.read(ctx, ProfileEditRequest.class);
            edited = manageAccount.editProfile(caller, new ManageAccount.ProfileChange(
                    Optional.ofNullable(body.displayName()).map(DisplayName::of),
                    Optional.ofNullable(body.bio()).map(Bio::of),
                    Optional.ofNullable(body.fields()).map(AccountResource::fields),
                    Optional.empty(), Optional.empty()));
        }
        ctx.json(Account.of(edited, links));
    }

    /** The fields as given; how many a profile may have is the edit's own rule ({@link ProfileDetails}). */
    private static List<ProfileField> fields(List<ProfileEditRequest.Field> given) {
        return given.stream().map(field -> {
            if (field == null) {
                throw new FeedlineException.InvalidInput("fields", "a field is an object with a name and a value");
            }
            return new ProfileField(field.name(), field.value());
        }).toList();
    }

    /**
     * {@code GET /users/me/export}: the caller's account and everything it holds, as one JSON
     * document written while its lists are read, a page at a time, so an account of any size is
     * sent in bounded memory. The account is read before the first byte goes: a missing one is a
     * problem. A failure later cuts the document short, which a client sees as JSON that does not
     * parse; the route has no request deadline.
     */
    void export(Context ctx) throws IOException {
        AccountExport export = manageAccount.export(Caller.of(ctx).required());
        ctx.status(200).contentType("application/json").header("Cache-Control", "no-store")
                .header("Content-Disposition", "attachment; filename=\"feedline-" + export.account().username().value() + ".json\"");
        try (JsonGenerator out = json.mapper().getFactory().createGenerator(ctx.outputStream())) {
            out.writeStartObject();
            out.writeStringField("exportedAt", java.time.Instant.now().toString());
            out.writeFieldName("account");
            out.writeObject(Account.of(export.account(), links));
            writeAll(out, "posts", export.posts(), post -> Representations.PostView.full(post, links));
            writeAll(out, "following", export.following(), Representations.UserView::of);
            writeAll(out, "followers", export.followers(), Representations.UserView::of);
            writeAll(out, "likes", export.likes(), post -> Representations.PostView.of(post, links));
            writeAll(out, "mutes", export.muted(), Representations.UserView::of);
            writeAll(out, "blocks", export.blocked(), Representations.UserView::of);
            out.writeEndObject();
        }
    }

    private static <T> void writeAll(JsonGenerator out, String name, Iterable<T> items,
            java.util.function.Function<T, ?> view) throws IOException {
        out.writeArrayFieldStart(name);
        for (T item : items) {
            // Through the generator, not the mapper: the mapper would flush after every item.
            out.writeObject(view.apply(item));
        }
        out.writeEndArray();
        out.flush();
    }

    /**
     * {@code POST /users/me/password}: the current password and the new one. Every token issued
     * before, native and Mastodon, stops working; the answer is a new session, as a login's.
     */
    void changePassword(Context ctx) {
        UserId caller = Caller.of(ctx).required();
        PasswordChangeRequest body = json.read(ctx, PasswordChangeRequest.class);
        if (body.currentPassword() == null) {
            throw new FeedlineException.InvalidInput("currentPassword", "currentPassword is required");
        }
        if (body.newPassword() == null) {
            throw new FeedlineException.InvalidInput("newPassword", "newPassword is required");
        }
        Password next = password("newPassword", body.newPassword());
        // A wrong current password is charged as a wrong login is: a stolen token cannot guess it fast.
        String key = RateLimits.loginKey("id:" + caller.value());
        failedLogins.requireAvailable(key);
        SignedIn signedIn;
        try {
            signedIn = manageAccount.changePassword(caller, password("currentPassword", body.currentPassword()), next);
        } catch (FeedlineException.InvalidInput wrong) {
            if ("currentPassword".equals(wrong.field())) {
                failedLogins.charge(key);
            }
            throw wrong;
        }
        tokens.sessionChanged(caller);
        answerSession(ctx, 200, signedIn);
    }

    /** The password {@code value}, its refusal naming {@code field}. */
    private static Password password(String field, String value) {
        try {
            return new Password(value);
        } catch (FeedlineException.InvalidInput e) {
            throw new FeedlineException.InvalidInput(field, e.getMessage().replace("password", field));
        }
    }

    void profile(Context ctx) {
        Username username = PathValues.username(ctx, "username");
        Optional<UserId> viewer = Caller.of(ctx).user();
        if (viewer.isEmpty()) {
            ctx.json(ProfileView.of(readProfile.read(username), links));
            return;
        }
        // A signed-in viewer: the blocked side does not find the blocker, and others see how they stand to the user.
        Profile profile = readAsViewer.profile(viewer, username);
        ProfileView view = ProfileView.of(profile, links);
        ctx.json(profile.account().id().equals(viewer.get())
                ? view
                : view.withRelation(manageRelations.relation(viewer.get(), username)));
    }
}
