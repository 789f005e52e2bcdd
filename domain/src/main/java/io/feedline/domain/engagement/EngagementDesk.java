package io.feedline.domain.engagement;

import io.feedline.domain.posts.CachedPosts;
import io.feedline.domain.relations.ReaderFilter;
import io.feedline.domain.relations.RelationSets;
import io.feedline.ports.in.ReadEngagement;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.out.Likes;
import io.feedline.ports.out.Reposts;
import io.feedline.ports.out.UserAccounts;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Who likes and who reposted a post: one page of ids from the edges (likes, repost marks), then one
 * batch read of their accounts. A block between the viewer and an account hides it, as everywhere.
 */
public final class EngagementDesk implements ReadEngagement {
    private final CachedPosts posts;
    private final Likes likes;
    private final Reposts reposts;
    private final UserAccounts accounts;
    private final RelationSets relationSets;

    public EngagementDesk(CachedPosts posts, Likes likes, Reposts reposts, UserAccounts accounts, RelationSets relationSets) {
        this.posts = Objects.requireNonNull(posts, "posts");
        this.likes = Objects.requireNonNull(likes, "likes");
        this.reposts = Objects.requireNonNull(reposts, "reposts");
        this.accounts = Objects.requireNonNull(accounts, "accounts");
        this.relationSets = Objects.requireNonNull(relationSets, "relationSets");
    }

    @Override
    public Page<UserSummary> likers(Optional<UserId> viewer, PostId post, PageRequest page) {
        return list(viewer, post, page, likes::likers);
    }

    @Override
    public Page<UserSummary> reposters(Optional<UserId> viewer, PostId post, PageRequest page) {
        return list(viewer, post, page, reposts::reposters);
    }

    private Page<UserSummary> list(Optional<UserId> viewer, PostId post, PageRequest page,
            BiFunction<PostId, PageRequest, Page<UserId>> edges) {
        if (posts.get(post).isEmpty()) {
            throw new FeedlineException.NotFound("post", "no such post");
        }
        Page<UserId> ids = edges.apply(post, page);
        ReaderFilter filter = viewer.map(relationSets::filterFor).orElse(ReaderFilter.NONE);
        Map<UserId, UserAccount> found = accounts.findAllById(ids.items());
        return new Page<>(ids.items().stream()
                .filter(id -> !filter.separated(id))
                .map(found::get)
                .filter(Objects::nonNull)
                .map(UserAccount::summary)
                .toList(), ids.next());
    }
}
