package io.feedline.ports.in;

import java.util.Objects;

/** Every use case the core offers, as one value the driving adapters (HTTP, CLI) are given. */
public record UseCases(
        RegisterUser registerUser,
        Authenticate authenticate,
        ReadProfile readProfile,
        PublishPost publishPost,
        DeletePost deletePost,
        ReadPost readPost,
        ReadAuthorTimeline readAuthorTimeline,
        Follow follow,
        Unfollow unfollow,
        ReadFollowing readFollowing,
        ReadFollowers readFollowers,
        CheckFollows checkFollows,
        ReadHomeFeed readHomeFeed,
        LikePost likePost,
        UnlikePost unlikePost,
        RepostPost repostPost,
        UnrepostPost unrepostPost,
        ReadConversation readConversation,
        ReadNotifications readNotifications,
        ManageRelations manageRelations,
        ReadAsViewer readAsViewer,
        Search search,
        FollowTags followTags,
        ReadTags readTags,
        NotifyOfPosts notifyOfPosts,
        ReadExplore readExplore,
        ReadEngagement readEngagement,
        ReadArticles readArticles,
        PublishDraft publishDraft,
        WatchLive watchLive) {
    public UseCases {
        Objects.requireNonNull(registerUser, "registerUser");
        Objects.requireNonNull(authenticate, "authenticate");
        Objects.requireNonNull(readProfile, "readProfile");
        Objects.requireNonNull(publishPost, "publishPost");
        Objects.requireNonNull(deletePost, "deletePost");
        Objects.requireNonNull(readPost, "readPost");
        Objects.requireNonNull(readAuthorTimeline, "readAuthorTimeline");
        Objects.requireNonNull(follow, "follow");
        Objects.requireNonNull(unfollow, "unfollow");
        Objects.requireNonNull(readFollowing, "readFollowing");
        Objects.requireNonNull(readFollowers, "readFollowers");
        Objects.requireNonNull(checkFollows, "checkFollows");
        Objects.requireNonNull(readHomeFeed, "readHomeFeed");
        Objects.requireNonNull(likePost, "likePost");
        Objects.requireNonNull(unlikePost, "unlikePost");
        Objects.requireNonNull(repostPost, "repostPost");
        Objects.requireNonNull(unrepostPost, "unrepostPost");
        Objects.requireNonNull(readConversation, "readConversation");
        Objects.requireNonNull(readNotifications, "readNotifications");
        Objects.requireNonNull(manageRelations, "manageRelations");
        Objects.requireNonNull(readAsViewer, "readAsViewer");
        Objects.requireNonNull(search, "search");
        Objects.requireNonNull(followTags, "followTags");
        Objects.requireNonNull(readTags, "readTags");
        Objects.requireNonNull(notifyOfPosts, "notifyOfPosts");
        Objects.requireNonNull(readExplore, "readExplore");
        Objects.requireNonNull(readEngagement, "readEngagement");
        Objects.requireNonNull(readArticles, "readArticles");
        Objects.requireNonNull(publishDraft, "publishDraft");
        Objects.requireNonNull(watchLive, "watchLive");
    }
}
