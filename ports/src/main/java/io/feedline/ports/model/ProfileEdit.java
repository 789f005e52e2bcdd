package io.feedline.ports.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The parts of a profile one edit sets; an empty part is left as it is. Applied by the store part
 * by part, so two edits of different parts made at once both hold.
 */
public record ProfileEdit(
        Optional<DisplayName> displayName, Optional<Bio> bio, Optional<ProfileImage> avatar, Optional<ProfileImage> header,
        Optional<List<ProfileField>> fields) {
    public static final ProfileEdit NOTHING =
            new ProfileEdit(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());

    public ProfileEdit {
        Objects.requireNonNull(displayName, "displayName");
        Objects.requireNonNull(bio, "bio");
        Objects.requireNonNull(avatar, "avatar");
        Objects.requireNonNull(header, "header");
        fields = fields.map(List::copyOf);
        fields.ifPresent(list -> new ProfileDetails(Optional.empty(), Optional.empty(), list));
    }

    public boolean isEmpty() {
        return this.equals(NOTHING);
    }

    /** {@code account} with this edit applied: what the store's edit leaves. */
    public UserAccount applyTo(UserAccount account) {
        ProfileDetails details = account.details();
        return new UserAccount(account.id(), account.username(), account.email(),
                displayName.orElse(account.displayName()), bio.orElse(account.bio()), account.createdAt(),
                new ProfileDetails(avatar.or(details::avatar), header.or(details::header), fields.orElse(details.fields())));
    }
}
