package io.feedline.domain.users;

import io.feedline.domain.media.MediaDesk;
import io.feedline.ports.in.ManageAccount;
import io.feedline.ports.model.AccountExport;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.model.ProfileEdit;
import io.feedline.ports.model.ProfileImage;
import io.feedline.ports.model.SessionStamp;
import io.feedline.ports.model.SignedIn;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.Likes;
import io.feedline.ports.out.PasswordHasher;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.Relations;
import io.feedline.ports.out.UserAccounts;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;

/**
 * What a user changes of their own account, whole: profile edits (images processed and stored
 * first, then one write that sets only the named parts, then the account's search entry redone)
 * and password changes (the current password checked, the new hash written, which moves the
 * session stamp every older token carries: docs/adr/0026-session-stamps.md).
 */
public final class AccountDesk implements ManageAccount {
    /** Bytes of the password hash's SHA-256 a stamp keeps: 96 bits, far beyond guessing. */
    private static final int STAMP_BYTES = 12;

    private final UserAccounts users;
    private final PasswordHasher hasher;
    private final MediaDesk media;
    private final FanoutJobs jobs;
    private final boolean indexesAccounts;
    private final AccountExports exports;

    /** {@code indexesAccounts}: whether an edit enqueues its account's search index job, as a sign-up does. */
    public AccountDesk(UserAccounts users, PasswordHasher hasher, MediaDesk media, FanoutJobs jobs, boolean indexesAccounts,
            Posts posts, FollowGraph graph, Likes likes, Relations relations) {
        this.exports = new AccountExports(users, posts, graph, likes, relations);
        this.users = users;
        this.hasher = hasher;
        this.media = media;
        this.jobs = jobs;
        this.indexesAccounts = indexesAccounts;
    }

    @Override
    public AccountExport export(UserId caller) {
        return exports.of(caller);
    }

    @Override
    public UserAccount editProfile(UserId caller, ProfileChange change) {
        // The text parts are checked first (too many fields, say), so a refused edit stores no image.
        new ProfileEdit(change.displayName(), change.bio(), Optional.empty(), Optional.empty(), change.fields());
        // Read before the images are stored: an image replaced below is this one's, never a newer one.
        Optional<UserAccount> before = change.avatar().isPresent() || change.header().isPresent()
                ? users.findById(caller) : Optional.empty();
        Optional<ProfileImage> avatar = change.avatar().map(file -> image(caller, file, "avatar"));
        Optional<ProfileImage> header;
        UserAccount edited;
        try {
            header = change.header().map(file -> image(caller, file, "header"));
        } catch (RuntimeException e) {
            avatar.ifPresent(media::forgetProfileImage);
            throw e;
        }
        ProfileEdit edit = new ProfileEdit(change.displayName(), change.bio(), avatar, header, change.fields());
        try {
            edited = users.edit(caller, edit).orElseThrow(() -> new FeedlineException.NotFound("user", "no such user"));
        } catch (RuntimeException e) {
            // Nothing names the images just stored: they go again, as an upload's do when its record fails.
            avatar.ifPresent(media::forgetProfileImage);
            header.ifPresent(media::forgetProfileImage);
            throw e;
        }
        // The images this edit replaced: their keys are random and never set again, so once the
        // write has moved past them no profile names them.
        before.ifPresent(old -> {
            avatar.ifPresent(fresh -> old.details().avatar().ifPresent(media::forgetProfileImage));
            header.ifPresent(fresh -> old.details().header().ifPresent(media::forgetProfileImage));
        });
        if (indexesAccounts && edit.displayName().isPresent()) {
            // After the commit: the index job reads the account as it now is. A crash before this
            // line leaves the old name searchable until the next edit (the search is a copy).
            jobs.enqueue(new FanoutJob.IndexAccount(caller));
        }
        return edited;
    }

    private ProfileImage image(UserId caller, InputStream file, String field) {
        try {
            return media.storeProfileImage(caller, file);
        } catch (FeedlineException.MediaRejected rejected) {
            throw rejected.inField(field);
        }
    }

    @Override
    public SignedIn changePassword(UserId caller, Password current, Password next) {
        // On the hasher's admission, as a login: two slow hashes, bounded like every other.
        return hasher.admit(() -> {
            PasswordHash stored = users.findCredentials(caller)
                    .orElseThrow(() -> new FeedlineException.NotFound("user", "no such user"))
                    .passwordHash();
            if (!hasher.verify(current, stored)) {
                throw new FeedlineException.InvalidInput("currentPassword", "the current password is wrong");
            }
            PasswordHash fresh = hasher.hash(next);
            if (!users.changePassword(caller, fresh)) {
                throw new FeedlineException.NotFound("user", "no such user");
            }
            UserAccount account = users.findById(caller)
                    .orElseThrow(() -> new FeedlineException.NotFound("user", "no such user"));
            return new SignedIn(account, stampOf(fresh));
        });
    }

    /**
     * The session stamp of a stored hash: part of its SHA-256, so it changes with every new hash
     * (each is salted anew) and tells nothing of the hash or the password.
     */
    public static SessionStamp stampOf(PasswordHash hash) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(hash.value().getBytes(StandardCharsets.UTF_8));
            return new SessionStamp(Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, STAMP_BYTES)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
