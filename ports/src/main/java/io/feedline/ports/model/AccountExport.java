package io.feedline.ports.model;

import java.util.Objects;

/**
 * Everything an account holds, for its owner to take away (GDPR article 20). Each list is read a
 * page at a time while it is iterated, so an account of any size is exported in bounded memory;
 * iterating a list again reads it again.
 *
 * @param posts the account's posts and reposts, newest first
 * @param likes the posts the account likes that still exist, newest post first
 */
public record AccountExport(UserAccount account, Iterable<Post> posts, Iterable<UserSummary> following,
        Iterable<UserSummary> followers, Iterable<Post> likes, Iterable<UserSummary> muted, Iterable<UserSummary> blocked) {
    public AccountExport {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(posts, "posts");
        Objects.requireNonNull(following, "following");
        Objects.requireNonNull(followers, "followers");
        Objects.requireNonNull(likes, "likes");
        Objects.requireNonNull(muted, "muted");
        Objects.requireNonNull(blocked, "blocked");
    }
}
