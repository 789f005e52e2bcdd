package io.feedline.ports.in;

import java.util.Objects;

/**
 * Every use case the core offers, as one value: the core builds it, and the composition root hands
 * each driving adapter's resource the use cases it calls. Built by name through {@link #builder()};
 * Java makes a record's canonical constructor public, and an architecture rule keeps every class
 * but {@link Builder} from calling it.
 */
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
        WatchLive watchLive,
        ManageMedia manageMedia,
        ManageAccount manageAccount) {
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
        Objects.requireNonNull(manageMedia, "manageMedia");
        Objects.requireNonNull(manageAccount, "manageAccount");
    }

    /** A builder with no slot filled: each one is named, and {@link Builder#build} refuses a missing one. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these slots, to replace some of them. */
    public Builder toBuilder() {
        return new Builder()
                .registerUser(registerUser)
                .authenticate(authenticate)
                .readProfile(readProfile)
                .publishPost(publishPost)
                .deletePost(deletePost)
                .readPost(readPost)
                .readAuthorTimeline(readAuthorTimeline)
                .follow(follow)
                .unfollow(unfollow)
                .readFollowing(readFollowing)
                .readFollowers(readFollowers)
                .checkFollows(checkFollows)
                .readHomeFeed(readHomeFeed)
                .likePost(likePost)
                .unlikePost(unlikePost)
                .repostPost(repostPost)
                .unrepostPost(unrepostPost)
                .readConversation(readConversation)
                .readNotifications(readNotifications)
                .manageRelations(manageRelations)
                .readAsViewer(readAsViewer)
                .search(search)
                .followTags(followTags)
                .readTags(readTags)
                .notifyOfPosts(notifyOfPosts)
                .readExplore(readExplore)
                .readEngagement(readEngagement)
                .readArticles(readArticles)
                .publishDraft(publishDraft)
                .watchLive(watchLive)
                .manageMedia(manageMedia)
                .manageAccount(manageAccount);
    }

    /** Fills the slots of a {@link UseCases} by name. */
    public static final class Builder {
        private RegisterUser registerUser;
        private Authenticate authenticate;
        private ReadProfile readProfile;
        private PublishPost publishPost;
        private DeletePost deletePost;
        private ReadPost readPost;
        private ReadAuthorTimeline readAuthorTimeline;
        private Follow follow;
        private Unfollow unfollow;
        private ReadFollowing readFollowing;
        private ReadFollowers readFollowers;
        private CheckFollows checkFollows;
        private ReadHomeFeed readHomeFeed;
        private LikePost likePost;
        private UnlikePost unlikePost;
        private RepostPost repostPost;
        private UnrepostPost unrepostPost;
        private ReadConversation readConversation;
        private ReadNotifications readNotifications;
        private ManageRelations manageRelations;
        private ReadAsViewer readAsViewer;
        private Search search;
        private FollowTags followTags;
        private ReadTags readTags;
        private NotifyOfPosts notifyOfPosts;
        private ReadExplore readExplore;
        private ReadEngagement readEngagement;
        private ReadArticles readArticles;
        private PublishDraft publishDraft;
        private WatchLive watchLive;
        private ManageMedia manageMedia;
        private ManageAccount manageAccount;

        private Builder() {}

        public Builder registerUser(RegisterUser registerUser) {
            this.registerUser = registerUser;
            return this;
        }

        public Builder authenticate(Authenticate authenticate) {
            this.authenticate = authenticate;
            return this;
        }

        public Builder readProfile(ReadProfile readProfile) {
            this.readProfile = readProfile;
            return this;
        }

        public Builder publishPost(PublishPost publishPost) {
            this.publishPost = publishPost;
            return this;
        }

        public Builder deletePost(DeletePost deletePost) {
            this.deletePost = deletePost;
            return this;
        }

        public Builder readPost(ReadPost readPost) {
            this.readPost = readPost;
            return this;
        }

        public Builder readAuthorTimeline(ReadAuthorTimeline readAuthorTimeline) {
            this.readAuthorTimeline = readAuthorTimeline;
            return this;
        }

        public Builder follow(Follow follow) {
            this.follow = follow;
            return this;
        }

        public Builder unfollow(Unfollow unfollow) {
            this.unfollow = unfollow;
            return this;
        }

        public Builder readFollowing(ReadFollowing readFollowing) {
            this.readFollowing = readFollowing;
            return this;
        }

        public Builder readFollowers(ReadFollowers readFollowers) {
            this.readFollowers = readFollowers;
            return this;
        }

        public Builder checkFollows(CheckFollows checkFollows) {
            this.checkFollows = checkFollows;
            return this;
        }

        public Builder readHomeFeed(ReadHomeFeed readHomeFeed) {
            this.readHomeFeed = readHomeFeed;
            return this;
        }

        public Builder likePost(LikePost likePost) {
            this.likePost = likePost;
            return this;
        }

        public Builder unlikePost(UnlikePost unlikePost) {
            this.unlikePost = unlikePost;
            return this;
        }

        public Builder repostPost(RepostPost repostPost) {
            this.repostPost = repostPost;
            return this;
        }

        public Builder unrepostPost(UnrepostPost unrepostPost) {
            this.unrepostPost = unrepostPost;
            return this;
        }

        public Builder readConversation(ReadConversation readConversation) {
            this.readConversation = readConversation;
            return this;
        }

        public Builder readNotifications(ReadNotifications readNotifications) {
            this.readNotifications = readNotifications;
            return this;
        }

        public Builder manageRelations(ManageRelations manageRelations) {
            this.manageRelations = manageRelations;
            return this;
        }

        public Builder readAsViewer(ReadAsViewer readAsViewer) {
            this.readAsViewer = readAsViewer;
            return this;
        }

        public Builder search(Search search) {
            this.search = search;
            return this;
        }

        public Builder followTags(FollowTags followTags) {
            this.followTags = followTags;
            return this;
        }

        public Builder readTags(ReadTags readTags) {
            this.readTags = readTags;
            return this;
        }

        public Builder notifyOfPosts(NotifyOfPosts notifyOfPosts) {
            this.notifyOfPosts = notifyOfPosts;
            return this;
        }

        public Builder readExplore(ReadExplore readExplore) {
            this.readExplore = readExplore;
            return this;
        }

        public Builder readEngagement(ReadEngagement readEngagement) {
            this.readEngagement = readEngagement;
            return this;
        }

        public Builder readArticles(ReadArticles readArticles) {
            this.readArticles = readArticles;
            return this;
        }

        public Builder publishDraft(PublishDraft publishDraft) {
            this.publishDraft = publishDraft;
            return this;
        }

        public Builder watchLive(WatchLive watchLive) {
            this.watchLive = watchLive;
            return this;
        }

        public Builder manageMedia(ManageMedia manageMedia) {
            this.manageMedia = manageMedia;
            return this;
        }

        public Builder manageAccount(ManageAccount manageAccount) {
            this.manageAccount = manageAccount;
            return this;
        }

        /** The UseCases; a slot left unset fails here, with its name. */
        public UseCases build() {
            return new UseCases(
                    registerUser, authenticate, readProfile, publishPost, deletePost, readPost, readAuthorTimeline, follow,
                    unfollow, readFollowing, readFollowers, checkFollows, readHomeFeed, likePost, unlikePost, repostPost,
                    unrepostPost, readConversation, readNotifications, manageRelations, readAsViewer, search, followTags,
                    readTags, notifyOfPosts, readExplore, readEngagement, readArticles, publishDraft, watchLive, manageMedia,
                    manageAccount);
        }
    }
}
