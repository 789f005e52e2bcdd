package io.feedline.ports.in;

import io.feedline.ports.model.AccountExport;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.ProfileField;
import io.feedline.ports.model.SignedIn;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import java.io.InputStream;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** What a signed-in user does with their own account: the profile, the password, the export. */
public interface ManageAccount {

    /**
     * Applies the parts of {@code change} that are given to the caller's own profile; an avatar or a
     * header is processed as any upload is and stored in the media store first. Answers the profile
     * as it now stands. Other readers see it within a second (docs/adr/0026-session-stamps.md).
     *
     * @throws io.feedline.ports.model.FeedlineException.MediaRejected naming {@code avatar} or
     *     {@code header} if the file is no acceptable image
     * @throws io.feedline.ports.model.FeedlineException.NotFound if the caller's account is gone
     */
    UserAccount editProfile(UserId caller, ProfileChange change);

    /**
     * Replaces the caller's password after checking the current one. Every token issued before it,
     * on either API, stops working; the answer carries the stamp of the tokens issued from now on.
     *
     * @throws io.feedline.ports.model.FeedlineException.InvalidInput naming {@code currentPassword}
     *     if the current password is wrong
     */
    SignedIn changePassword(UserId caller, Password current, Password next);

    /**
     * The caller's account and everything it holds: posts (with their media), follows both ways,
     * likes, mutes and blocks, each list read as it is iterated.
     *
     * @throws io.feedline.ports.model.FeedlineException.NotFound if the caller's account is gone
     */
    AccountExport export(UserId caller);

    /** The parts of a profile to set; an empty part is left as it is. The streams are not closed here. */
    record ProfileChange(Optional<DisplayName> displayName, Optional<Bio> bio, Optional<List<ProfileField>> fields,
            Optional<InputStream> avatar, Optional<InputStream> header) {
        public ProfileChange {
            Objects.requireNonNull(displayName, "displayName");
            Objects.requireNonNull(bio, "bio");
            Objects.requireNonNull(fields, "fields");
            Objects.requireNonNull(avatar, "avatar");
            Objects.requireNonNull(header, "header");
        }
    }
}
