package io.feedline.app.http;

import static io.feedline.app.http.Access.ANYONE;
import static io.feedline.app.http.Access.OPERATIONS;
import static io.feedline.app.http.Access.SIGNED_IN;
import static io.feedline.app.web.AnonymousReads.Cost.EXPENSIVE;

import io.feedline.app.web.MediaFiles;
import io.javalin.config.RoutesConfig;

/**
 * Every route of the API and who may call it, in one list. A route marked
 * {@code EXPENSIVE} is admitted through the anonymous reads' bulkhead when called without a token.
 */
final class Routes {
    private Routes() {}

    static void register(
            RoutesConfig routes,
            AccountResource accounts,
            PostResource posts,
            GraphResource graph,
            FeedResource feed,
            NotificationResource notifications,
            OperationsResource operations,
            RelationResource relations,
            SearchResource search,
            TagResource tags,
            SubscriptionResource subscriptions,
            MediaResource media) {
        // Javalin tries a method's routes in the order they were added, a regular expression each: the
        // home feed, the route read most, is tried first. No other route matches /feed, so this order changes no answer.
        routes.get("/feed", feed::home, SIGNED_IN);

        routes.post("/users", accounts::register, ANYONE);
        routes.post("/sessions", accounts::login, ANYONE);
        routes.delete("/sessions/current", accounts::logout, SIGNED_IN);
        routes.patch("/users/me", accounts::editProfile, SIGNED_IN);
        routes.post("/users/me/password", accounts::changePassword, SIGNED_IN);
        routes.get("/users/me/export", accounts::export, SIGNED_IN);
        routes.get("/users/{username}", accounts::profile, ANYONE);
        routes.get("/users/{username}/posts", posts::byAuthor, ANYONE, EXPENSIVE);
        routes.get("/users/{username}/articles", posts::articles, ANYONE);
        routes.get("/users/{username}/articles/{slug}", posts::article, ANYONE);

        routes.post("/media", media::upload, SIGNED_IN);

        routes.post("/posts", posts::publish, SIGNED_IN);
        routes.get("/posts/{id}", posts::read, ANYONE);
        routes.delete("/posts/{id}", posts::delete, SIGNED_IN);
        routes.post("/posts/{id}/publish", posts::publishDraft, SIGNED_IN);
        routes.put("/posts/{id}/like", posts::like, SIGNED_IN);
        routes.delete("/posts/{id}/like", posts::unlike, SIGNED_IN);
        routes.put("/posts/{id}/repost", posts::repost, SIGNED_IN);
        routes.delete("/posts/{id}/repost", posts::unrepost, SIGNED_IN);
        routes.get("/posts/{id}/replies", posts::replies, ANYONE);
        routes.get("/posts/{id}/context", posts::context, ANYONE);
        routes.get("/posts/{id}/likes", posts::likers, ANYONE);
        routes.get("/posts/{id}/reposts", posts::reposters, ANYONE);

        routes.put("/users/{username}/follow", graph::follow, SIGNED_IN);
        routes.delete("/users/{username}/follow", graph::unfollow, SIGNED_IN);
        routes.get("/users/{username}/following", graph::following, ANYONE);
        routes.get("/users/{username}/followers", graph::followers, ANYONE);
        routes.get("/users/{follower}/follows/{followee}", graph::follows, ANYONE);
        routes.put("/users/{username}/notify", subscriptions::subscribe, SIGNED_IN);
        routes.delete("/users/{username}/notify", subscriptions::unsubscribe, SIGNED_IN);
        routes.get("/users/{username}/notify", subscriptions::read, SIGNED_IN);

        routes.put("/users/{username}/mute", relations::mute, SIGNED_IN);
        routes.delete("/users/{username}/mute", relations::unmute, SIGNED_IN);
        routes.put("/users/{username}/block", relations::block, SIGNED_IN);
        routes.delete("/users/{username}/block", relations::unblock, SIGNED_IN);
        routes.get("/mutes", relations::mutes, SIGNED_IN);
        routes.get("/blocks", relations::blocks, SIGNED_IN);

        routes.get("/tags", tags::complete, ANYONE, EXPENSIVE);
        routes.get("/tags/trending", tags::trending, ANYONE, EXPENSIVE);
        routes.get("/tags/{tag}", tags::read, ANYONE);
        routes.get("/tags/{tag}/posts", tags::posts, ANYONE, EXPENSIVE);
        routes.put("/tags/{tag}/follow", tags::follow, SIGNED_IN);
        routes.delete("/tags/{tag}/follow", tags::unfollow, SIGNED_IN);
        routes.get("/users/{username}/followed-tags", tags::followed, ANYONE);

        routes.get("/notifications", notifications::list, SIGNED_IN);
        routes.get("/notifications/unread-count", notifications::unreadCount, SIGNED_IN);
        routes.post("/notifications/read", notifications::markRead, SIGNED_IN);
        routes.delete("/notifications/{id}", notifications::dismiss, SIGNED_IN);

        routes.get("/search", search::search, ANYONE, EXPENSIVE);

        routes.get("/health", operations::health, OPERATIONS);
        routes.get("/health/ready", operations::ready, OPERATIONS);
        routes.get("/metrics", operations::metrics, OPERATIONS);
        routes.get("/openapi.yaml", operations::openApi, OPERATIONS);
        routes.get("/docs", operations::docs, OPERATIONS);
    }

    /** The stored media, served by this process when no public base URL puts a CDN in front. */
    static void registerMediaFiles(RoutesConfig routes, MediaFiles files) {
        routes.get(MediaFiles.ROUTE, files::serve, ANYONE);
    }

    /** Explore's routes: open to anyone (a signed-in caller's filters apply to what they are shown). */
    static void registerExplore(RoutesConfig routes, ExploreResource explore) {
        routes.get("/explore/latest", explore::latest, ANYONE, EXPENSIVE);
        routes.get("/explore/popular", explore::popular, ANYONE, EXPENSIVE);
        routes.get("/explore/users", explore::users, ANYONE, EXPENSIVE);
    }
}
