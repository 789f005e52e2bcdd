package io.feedline.ports.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** What a profile shows beyond its names and bio: its avatar, its header and up to four fields. */
public record ProfileDetails(Optional<ProfileImage> avatar, Optional<ProfileImage> header, List<ProfileField> fields) {
    /** Mastodon's default limit of profile fields. */
    public static final int MAX_FIELDS = 4;
    public static final ProfileDetails NONE = new ProfileDetails(Optional.empty(), Optional.empty(), List.of());

    public ProfileDetails {
        Objects.requireNonNull(avatar, "avatar");
        Objects.requireNonNull(header, "header");
        fields = List.copyOf(fields);
        if (fields.size() > MAX_FIELDS) {
            throw new FeedlineException.InvalidInput("fields", "a profile has at most " + MAX_FIELDS + " fields");
        }
    }
}
