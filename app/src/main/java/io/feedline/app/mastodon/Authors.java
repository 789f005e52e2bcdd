package io.feedline.app.mastodon;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.feedline.ports.in.ReadProfile;
import io.feedline.ports.model.Profile;
import io.feedline.ports.model.Username;
import java.time.Duration;

/**
 * The profiles embedded in statuses, kept for a second. A Mastodon status carries its author's
 * whole account with counts, so a page of twenty statuses would otherwise cost a profile read per
 * distinct author on every request; a second-old follower count inside a status is what Mastodon
 * itself serves. Account endpoints ({@code /accounts/:id}, {@code verify_credentials}) read fresh.
 */
final class Authors {
    private static final Duration FRESHNESS = Duration.ofSeconds(1);
    private static final long MAX_AUTHORS = 10_000;

    private final LoadingCache<Username, Profile> profiles;

    Authors(ReadProfile readProfile) {
        this.profiles = Caffeine.newBuilder()
                .expireAfterWrite(FRESHNESS)
                .maximumSize(MAX_AUTHORS)
                .build(readProfile::read);
    }

    Profile profile(Username author) {
        return profiles.get(author);
    }
}
