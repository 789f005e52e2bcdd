package io.feedline.app.mastodon;

import static io.feedline.app.mastodon.Scope.ANY_TOKEN;
import static io.feedline.app.mastodon.Scope.PUBLIC;
import static io.feedline.app.mastodon.Scope.READ_ACCOUNTS;
import static io.feedline.app.mastodon.Scope.SIGN_UP;
import static io.feedline.app.mastodon.Scope.READ_BLOCKS;
import static io.feedline.app.mastodon.Scope.READ_FOLLOWS;
import static io.feedline.app.mastodon.Scope.READ_MUTES;
import static io.feedline.app.mastodon.Scope.READ_NOTIFICATIONS;
import static io.feedline.app.mastodon.Scope.READ_STATUSES;
import static io.feedline.app.mastodon.Scope.WRITE_ACCOUNTS;
import static io.feedline.app.mastodon.Scope.WRITE_BLOCKS;
import static io.feedline.app.mastodon.Scope.WRITE_FAVOURITES;
import static io.feedline.app.mastodon.Scope.WRITE_FOLLOWS;
import static io.feedline.app.mastodon.Scope.WRITE_MEDIA;
import static io.feedline.app.mastodon.Scope.WRITE_MUTES;
import static io.feedline.app.mastodon.Scope.WRITE_NOTIFICATIONS;
import static io.feedline.app.mastodon.Scope.WRITE_STATUSES;
import static io.feedline.app.web.AnonymousReads.Cost.EXPENSIVE;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import io.feedline.app.web.AnonymousReads;
import io.feedline.app.web.MediaFiles;
import io.feedline.app.web.MediaLinks;
import io.feedline.app.web.Uploads;
import io.feedline.app.web.RequestDeadline;
import io.feedline.app.web.SecurityHeaders;
import io.feedline.app.web.Sessionless;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.FeedlineException;
import io.javalin.Javalin;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.json.JavalinJackson;
import java.time.Duration;
import java.util.Base64;
import java.util.Objects;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Mastodon's client API, a second driving adapter beside the native HTTP API over the same use
 * cases. It listens on a port of its own, so Mastodon clients get Mastodon's paths, errors and
 * OAuth at the root of their base URL, and neither API's conventions leak into the other's.
 */
public final class MastodonApi implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MastodonApi.class);
    /** The buffer each answer is copied through into Jetty, as on the native API. */
    private static final int COPY_BUFFER_BYTES = 8 * 1024;
    /** The streaming API's routes: the WebSocket, its health, and the server-sent-events streams. */
    private static final String STREAMING = "/api/v1/streaming";
    /** The routes that take or hand out credentials (a client secret, a code, a token): never stored by a cache. */
    private static final Set<String> CREDENTIAL_ROUTES = Set.of("POST /api/v1/apps", "GET /oauth/authorize",
            "POST /oauth/authorize", "POST /oauth/token", "POST /oauth/revoke");
    /** A 1×1 transparent PNG: the avatar and header of every account, which has none. */
    private static final byte[] MISSING_IMAGE = Base64.getDecoder().decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==");

    private final Javalin javalin;
    private final Settings settings;
    private final Streaming streaming;

    /**
     * Whether it listens, where, the largest request body it reads, how long its access tokens
     * live, the contact address the instance documents name, its streams' bounds, and the most one
     * request may take ({@code http.request-timeout}, as on the native API; streams are exempt).
     */
    public record Settings(boolean enabled, String host, int port, long maxRequestBytes, Duration tokenTtl,
            String contactEmail, int streamQueue, int maxStreams, Duration requestTimeout) {
        public Settings {
            Objects.requireNonNull(requestTimeout, "requestTimeout");
            if (streamQueue < 1) {
                throw new IllegalArgumentException("mastodon.streaming.queue must be at least 1");
            }
            if (maxStreams < 1) {
                throw new IllegalArgumentException("mastodon.streaming.max-connections must be at least 1");
            }
            Objects.requireNonNull(host, "host");
            Objects.requireNonNull(contactEmail, "contactEmail");
            if (!contactEmail.matches("[^@\\s]+@[^@\\s]+")) {
                throw new IllegalArgumentException("mastodon.contact-email must be an e-mail address");
            }
            Objects.requireNonNull(tokenTtl, "tokenTtl");
            if (port < 0 || port > 65_535) {
                throw new IllegalArgumentException("mastodon.port must be 0-65535");
            }
            if (maxRequestBytes < 1024) {
                throw new IllegalArgumentException("http.max-request-size must be at least 1 KiB");
            }
        }
    }

    private MastodonApi(Javalin javalin, Settings settings, Streaming streaming) {
        this.javalin = javalin;
        this.settings = settings;
        this.streaming = streaming;
    }

    /**
     * @param limits the rate limits every request spends (the native API's, shared)
     * @param anonymousReads the bulkhead of expensive reads without a user's token (the native API's, shared)
     */
    public static MastodonApi create(Settings settings, UseCases useCases, MastodonTokens tokens, Limits limits,
            AnonymousReads anonymousReads) {
        return create(settings, useCases, tokens, limits, anonymousReads, new Uploads(16L * 1024 * 1024), MediaLinks.SERVED_HERE);
    }

    /**
     * As above, with uploads read under {@code uploads}' limit and media linked by {@code links}
     * (when they are served here, this API serves {@code /media/...} too, under its own host).
     */
    public static MastodonApi create(Settings settings, UseCases useCases, MastodonTokens tokens, Limits limits,
            AnonymousReads anonymousReads, Uploads uploads, MediaLinks links) {
        ObjectMapper mapper = new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
        // Each resource is handed the use cases it calls, and no others.
        Requests requests = new Requests(tokens, mapper, settings.maxRequestBytes(), useCases.authenticate(), useCases.readProfile(),
                useCases.readPost(), limits, links);
        OAuthResource oauth = new OAuthResource(tokens, requests);
        SignUpResource signUp = new SignUpResource(useCases.registerUser(), tokens, requests);
        AuthorizePage authorize = new AuthorizePage(tokens, requests);
        InstanceResource instance = new InstanceResource(settings.contactEmail(), useCases.registerUser(), uploads.maxFileBytes());
        AccountsResource accounts = new AccountsResource(useCases.readProfile(), useCases.follow(), useCases.unfollow(),
                useCases.readFollowing(), useCases.readFollowers(), useCases.checkFollows(), useCases.manageRelations(),
                useCases.readAsViewer(), useCases.notifyOfPosts(), requests);
        StatusesResource statuses = new StatusesResource(useCases.publishPost(), useCases.deletePost(), useCases.readPost(),
                useCases.readAuthorTimeline(), useCases.likePost(), useCases.unlikePost(), useCases.repostPost(),
                useCases.unrepostPost(), useCases.readAsViewer(), useCases.readEngagement(), requests);
        TimelinesResource timelines = new TimelinesResource(useCases.readHomeFeed(), useCases.readTags(), useCases.readExplore(),
                requests);
        NotificationsResource notifications = new NotificationsResource(useCases.readPost(), useCases.readNotifications(), requests);
        TagsResource tags = new TagsResource(useCases.followTags(), useCases.readTags(), useCases.readExplore(), requests);
        SearchResource search = new SearchResource(useCases.search(), useCases.readTags(), requests);
        MediaResource media = new MediaResource(useCases.manageMedia(), uploads, requests);
        ProfileResource profile = new ProfileResource(useCases.manageAccount(), useCases.readProfile(), uploads, requests);
        Streaming streaming = new Streaming(useCases.watchLive(), requests, tokens, mapper, notifications,
                new Streaming.Settings(settings.streamQueue(), settings.maxStreams()));
        Javalin javalin = Javalin.create(config -> {
            config.concurrency.useVirtualThreads = true;
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.http.maxRequestSize = settings.maxRequestBytes();
            config.http.prefer405over404 = true;
            config.jsonMapper(new JavalinJackson(mapper, true));
            // As on the native API (HttpApi): a proxy's connection carries many tokens, which kept
            // refilling and clearing Jetty's per-connection header cache.
            config.jetty.modifyHttpConfiguration(http -> http.setHeaderCacheSize(0));
            // And as there, the copy of each answer into Jetty goes through a buffer of a page's size.
            config.http.responseBufferSize = COPY_BUFFER_BYTES;
            config.jetty.modifyServletContextHandler(Sessionless::apply);
            config.routes.before(new SecurityHeaders(CREDENTIAL_ROUTES)::apply);
            config.routes.beforeMatched(requests::gate);
            RequestDeadline deadline = new RequestDeadline(settings.requestTimeout(), MastodonApi::streams, MastodonError::requestTimeout);
            // An app's token (no user) reads as anonymously as no token: it is as cheap to get.
            config.router.handlerWrapper(endpoint -> anonymousReads.wrap(endpoint, deadline.wrap(endpoint),
                    ctx -> requests.optionalGrant(ctx).flatMap(MastodonTokens.Grant::user).isEmpty(),
                    retryAfter -> MastodonError.retryAfter(503, "Too many anonymous reads at once; retry later", retryAfter)));
            // Uploads are read under the media limit (Uploads); every other multipart body under the request limit.
            config.jetty.multipartConfig.maxFileSize(settings.maxRequestBytes(), io.javalin.config.SizeUnit.BYTES);
            config.jetty.multipartConfig.maxTotalRequestSize(settings.maxRequestBytes(), io.javalin.config.SizeUnit.BYTES);
            routes(config.routes, oauth, signUp, authorize, instance, accounts, profile, statuses, timelines, notifications, tags,
                    search);
            mediaRoutes(config.routes, media);
            if (links.servedHere()) {
                config.routes.get(MediaFiles.ROUTE, new MediaFiles(useCases.manageMedia(), MastodonError::notFound)::serve, PUBLIC);
            }
            streamingRoutes(config.routes, streaming);
            config.routes.exception(HttpResponseException.class, MastodonApi::fail);
            config.routes.exception(Exception.class, MastodonApi::fail);
        });
        return new MastodonApi(javalin, settings, streaming);
    }

    /** Whether the request is the streaming API's, whose answers stay open: no deadline for those. */
    private static boolean streams(Context ctx) {
        return ctx.path().startsWith(STREAMING);
    }

    /** The streaming API: one WebSocket for every stream, and one server-sent-events route per stream. */
    private static void streamingRoutes(RoutesConfig routes, Streaming streaming) {
        routes.get("/api/v1/streaming/health", streaming::health, PUBLIC);
        routes.wsBeforeUpgrade(STREAMING, streaming::beforeUpgrade);
        routes.ws(STREAMING, streaming::webSocket);
        routes.get("/api/v1/streaming/user", ctx -> streaming.serverSentEvents(ctx, "user"), READ_STATUSES);
        routes.get("/api/v1/streaming/user/notification", ctx -> streaming.serverSentEvents(ctx, "user:notification"),
                READ_NOTIFICATIONS);
        routes.get("/api/v1/streaming/public", ctx -> streaming.serverSentEvents(ctx, "public"), PUBLIC);
        routes.get("/api/v1/streaming/public/local", ctx -> streaming.serverSentEvents(ctx, "public:local"), PUBLIC);
        routes.get("/api/v1/streaming/hashtag", ctx -> streaming.serverSentEvents(ctx, "hashtag"), PUBLIC);
        routes.get("/api/v1/streaming/hashtag/local", ctx -> streaming.serverSentEvents(ctx, "hashtag:local"), PUBLIC);
    }

    /** Streaming connections open now, and those dropped so far for not keeping up. */
    public int streamingConnections() {
        return streaming.connections();
    }

    public long slowStreamsDropped() {
        return streaming.slowClientsDropped();
    }

    /**
     * Every route and the scope it needs, in one list. A route marked {@code EXPENSIVE} is admitted
     * through the anonymous reads' bulkhead when called without a user's token.
     */
    private static void routes(RoutesConfig routes, OAuthResource oauth, SignUpResource signUp, AuthorizePage authorize,
            InstanceResource instance,
            AccountsResource accounts, ProfileResource profile, StatusesResource statuses, TimelinesResource timelines,
            NotificationsResource notifications, TagsResource tags, SearchResource search) {
        // Javalin tries a method's routes in the order they were added, a regular expression each
        // (0.8% of a loaded home timeline's samples went to those): the home timeline, the route
        // read most, is tried first. No other route matches its path, so the order changes no answer.
        routes.get("/api/v1/timelines/home", timelines::home, READ_STATUSES);

        routes.post("/api/v1/apps", oauth::createApp, PUBLIC);
        routes.get("/api/v1/apps/verify_credentials", oauth::verifyApp, ANY_TOKEN);
        routes.get("/oauth/authorize", authorize::show, PUBLIC);
        routes.post("/oauth/authorize", authorize::submit, PUBLIC);
        routes.post("/oauth/token", oauth::token, PUBLIC);
        routes.post("/oauth/revoke", oauth::revoke, PUBLIC);
        routes.post("/api/v1/accounts", signUp::create, SIGN_UP);

        routes.get("/api/v1/instance", instance::v1, PUBLIC);
        routes.get("/api/v2/instance", instance::v2, PUBLIC);

        routes.get("/api/v1/accounts/verify_credentials", accounts::verifyCredentials, READ_ACCOUNTS);
        routes.patch("/api/v1/accounts/update_credentials", profile::updateCredentials, WRITE_ACCOUNTS);
        routes.get("/api/v1/accounts/lookup", accounts::lookup, PUBLIC);
        routes.get("/api/v1/accounts/relationships", accounts::relationships, READ_FOLLOWS);
        routes.get("/api/v1/accounts/{id}", accounts::show, PUBLIC);
        routes.get("/api/v1/accounts/{id}/statuses", accounts::statuses, PUBLIC, EXPENSIVE);
        routes.get("/api/v1/accounts/{id}/followers", accounts::followers, PUBLIC);
        routes.get("/api/v1/accounts/{id}/following", accounts::following, PUBLIC);
        routes.post("/api/v1/accounts/{id}/follow", accounts::follow, WRITE_FOLLOWS);
        routes.post("/api/v1/accounts/{id}/unfollow", accounts::unfollow, WRITE_FOLLOWS);
        routes.post("/api/v1/accounts/{id}/mute", accounts::mute, WRITE_MUTES);
        routes.post("/api/v1/accounts/{id}/unmute", accounts::unmute, WRITE_MUTES);
        routes.post("/api/v1/accounts/{id}/block", accounts::block, WRITE_BLOCKS);
        routes.post("/api/v1/accounts/{id}/unblock", accounts::unblock, WRITE_BLOCKS);
        routes.get("/api/v1/mutes", accounts::mutes, READ_MUTES);
        routes.get("/api/v1/blocks", accounts::blocks, READ_BLOCKS);

        routes.post("/api/v1/statuses", statuses::create, WRITE_STATUSES);
        routes.get("/api/v1/statuses/{id}", statuses::show, PUBLIC);
        routes.delete("/api/v1/statuses/{id}", statuses::delete, WRITE_STATUSES);
        routes.get("/api/v1/statuses/{id}/context", statuses::context, PUBLIC);
        routes.post("/api/v1/statuses/{id}/favourite", statuses::favourite, WRITE_FAVOURITES);
        routes.post("/api/v1/statuses/{id}/unfavourite", statuses::unfavourite, WRITE_FAVOURITES);
        routes.post("/api/v1/statuses/{id}/reblog", statuses::reblog, WRITE_STATUSES);
        routes.post("/api/v1/statuses/{id}/unreblog", statuses::unreblog, WRITE_STATUSES);
        routes.get("/api/v1/statuses/{id}/favourited_by", statuses::favouritedBy, PUBLIC);
        routes.get("/api/v1/statuses/{id}/reblogged_by", statuses::rebloggedBy, PUBLIC);

        routes.get("/api/v1/timelines/tag/{hashtag}", timelines::tag, PUBLIC, EXPENSIVE);
        routes.get("/api/v1/timelines/public", timelines::publicTimeline, PUBLIC, EXPENSIVE);

        routes.get("/api/v1/tags/{name}", tags::show, PUBLIC);
        routes.post("/api/v1/tags/{name}/follow", tags::follow, WRITE_FOLLOWS);
        routes.post("/api/v1/tags/{name}/unfollow", tags::unfollow, WRITE_FOLLOWS);
        routes.get("/api/v1/followed_tags", tags::followed, READ_FOLLOWS);
        routes.get("/api/v1/trends/tags", tags::trendingTags, PUBLIC, EXPENSIVE);
        routes.get("/api/v1/trends/statuses", tags::trendingStatuses, PUBLIC, EXPENSIVE);
        routes.get("/api/v2/search", search::search, PUBLIC, EXPENSIVE);

        routes.get("/api/v1/notifications", notifications::list, READ_NOTIFICATIONS);
        routes.get("/api/v1/notifications/unread_count", notifications::unreadCount, READ_NOTIFICATIONS);
        routes.post("/api/v1/notifications/clear", notifications::clear, WRITE_NOTIFICATIONS);
        routes.get("/api/v1/notifications/{id}", notifications::show, READ_NOTIFICATIONS);
        routes.post("/api/v1/notifications/{id}/dismiss", notifications::dismiss, WRITE_NOTIFICATIONS);
        routes.post("/api/v2/notifications/{id}/dismiss", notifications::dismiss, WRITE_NOTIFICATIONS);
        routes.get("/api/v2/notifications", notifications::grouped, READ_NOTIFICATIONS);
        routes.get("/api/v1/markers", notifications::markers, READ_STATUSES);
        routes.post("/api/v1/markers", notifications::saveMarkers, WRITE_STATUSES);

        routes.get("/avatars/original/missing.png", MastodonApi::missingImage, PUBLIC);
        routes.get("/headers/original/missing.png", MastodonApi::missingImage, PUBLIC);
    }

    /** Uploads, and one's own uploads read and described; every one needs {@code write:media}, as on Mastodon. */
    private static void mediaRoutes(RoutesConfig routes, MediaResource media) {
        routes.post("/api/v2/media", media::upload, WRITE_MEDIA);
        routes.post("/api/v1/media", media::upload, WRITE_MEDIA);
        routes.get("/api/v1/media/{id}", media::show, WRITE_MEDIA);
        routes.put("/api/v1/media/{id}", media::update, WRITE_MEDIA);
    }

    private static void missingImage(Context ctx) {
        ctx.contentType("image/png").header("Cache-Control", "public, max-age=86400").result(MISSING_IMAGE);
    }

    /** Every failure as Mastodon answers it: {@code {"error": ...}} with Mastodon's status codes. */
    private static void fail(Exception failure, Context ctx) {
        MastodonError error = switch (failure) {
            case MastodonError mastodon -> mastodon;
            case FeedlineException core -> fromCore(core);
            case HttpResponseException javalin -> switch (javalin.getStatus()) {
                case 404 -> MastodonError.notFound();
                case 405 -> MastodonError.of(405, "Method not allowed");
                case 413 -> MastodonError.of(413, "The request body is too large");
                default -> MastodonError.of(javalin.getStatus(), "The request was refused");
            };
            default -> {
                LOG.error("unexpected failure on {} {}", ctx.method(), ctx.path(), failure);
                yield MastodonError.of(500, "Internal server error");
            }
        };
        ctx.status(error.status());
        error.headers().forEach(ctx::header);
        ctx.json(error.body());
    }

    private static MastodonError fromCore(FeedlineException failure) {
        return switch (failure) {
            case FeedlineException.InvalidInput e -> MastodonError.validation(e.getMessage());
            case FeedlineException.NotFound e -> MastodonError.notFound();
            case FeedlineException.Forbidden e -> MastodonError.of(403, "This action is not allowed");
            case FeedlineException.InvalidCredentials e -> MastodonError.unauthorized("The access token is invalid");
            case FeedlineException.UsernameTaken e -> MastodonError.validation(e.getMessage());
            case FeedlineException.EmailTaken e -> MastodonError.validation(e.getMessage());
            case FeedlineException.IdempotencyKeyReused e -> MastodonError.validation(e.getMessage());
            case FeedlineException.SlugTaken e -> MastodonError.of(409, e.getMessage());
            case FeedlineException.IdempotencyInProgress e -> MastodonError.of(409, e.getMessage());
            case FeedlineException.Overloaded e -> MastodonError.retryAfter(503, "Service unavailable; retry later", e.retryAfter());
            case FeedlineException.LimitReached e -> MastodonError.validation(e.getMessage());
            // Mastodon answers a refused file, an oversized one included, as a failed validation.
            case FeedlineException.MediaRejected e -> MastodonError.validation(e.getMessage());
            case FeedlineException.MediaUnavailable e -> MastodonError.validation(e.getMessage());
            case FeedlineException.WriteConflict e -> MastodonError.of(409, "A concurrent change won; retry the request");
            case FeedlineException.StorageUnavailable e -> {
                LOG.warn("storage unavailable: {}", e.getMessage(), e);
                yield MastodonError.of(503, "Service unavailable; retry later");
            }
        };
    }

    /** Listens on the configured host and port; returns once the server accepts connections. */
    public MastodonApi start() {
        javalin.start(settings.host(), settings.port());
        return this;
    }

    /** The port listened on: the configured one, or the one picked when 0 was configured. */
    public int port() {
        return javalin.port();
    }

    @Override
    public void close() {
        streaming.close();
        javalin.stop();
    }
}
