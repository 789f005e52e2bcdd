package io.feedline.app.http;

import io.feedline.app.web.Admission;
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
import io.javalin.http.HttpResponseException;
import io.javalin.json.JavalinJackson;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The native HTTP API over the core's use cases. Built unstarted, so tests and the CLI choose
 * when, and on which port (0 for any free one), it listens.
 */
public final class HttpApi implements AutoCloseable {
    /**
     * The buffer each answer is copied through into Jetty, allocated anew per answer: at 8 KB it was
     * a fifth of the bytes a feed page allocated under {@code scripts/http-load.sh}. Jetty aggregates the
     * copies into its own output buffer, so a feed page of 20 (about 5 KB) in three steps still
     * leaves in one write.
     */
    private static final int COPY_BUFFER_BYTES = 2 * 1024;
    /** The routes that take or hand out credentials: never stored by a cache, signed in or not. */
    private static final Set<String> CREDENTIAL_ROUTES = Set.of("POST /users", "POST /sessions", "DELETE /sessions/current",
            "POST /users/me/password", "GET /users/me/export");
    /** The routes whose answer is streamed for as long as it takes: an export of any size. */
    private static final Set<String> UNTIMED_ROUTES = Set.of("GET /users/me/export");

    private final Javalin javalin;
    private final Settings settings;
    private final SharedLimits sharedLimits;
    private final HealthReports health;
    private final AnonymousReads anonymousReads;

    /**
     * The rate limits of this API for another driving adapter of the same process to spend: the
     * same buckets (shared through Redis when configured), keys and rates, so a caller has one
     * budget whichever API it calls. Each {@code take} answers zero when allowed, else the wait.
     */
    public interface SharedLimits {
        /**
         * The key of a client connected from {@code peer} whose request carries {@code headers}
         * (values by name), by the {@code http.client-address} rules: trusted proxies, IPv6 /64.
         */
        String clientKey(String peer, java.util.function.Function<String, List<String>> headers);

        /** One request from a caller's bucket ({@code user:<id>}, or an address key). */
        Duration takeRequest(String callerKey);

        /** One request that runs a password hash, from the address's credentials bucket. */
        Duration takeCredentials(String addressKey);

        /** Whether {@code username} may try a password now (takes nothing). */
        Duration loginAllowed(String username);

        /** Charges one wrong password to {@code username}. */
        void loginFailed(String username);
    }

    /**
     * @param maxRequestBytes the largest body accepted; larger ones get a 413
     * @param limits the rate limits and how many callers' buckets are kept
     * @param clientAddresses where the client address comes from (the socket, or a trusted proxy's header)
     * @param healthTimeout how long the health probe waits for each engine's ping
     * @param healthCache how long after one health probe ends the next begins; {@code /health} answers the last
     * @param corsOrigins the origins a browser may call the API from; empty turns CORS off
     * @param metricsToken the bearer token {@code /metrics} asks for; empty leaves it open
     * @param requestTimeout the most one request may take before it is answered 503 and its work interrupted
     * @param anonymousReads the bulkhead of expensive reads without a user's token (search, explore, tags, timelines)
     */
    public record Settings(
            String host, int port, long maxRequestBytes, Limits limits, ClientAddresses.Settings clientAddresses,
            Duration healthTimeout, Duration healthCache, List<String> corsOrigins, Optional<String> metricsToken,
            Duration requestTimeout, Admission.Bounds anonymousReads) {
        public Settings {
            Objects.requireNonNull(host, "host");
            Objects.requireNonNull(anonymousReads, "anonymousReads");
            Objects.requireNonNull(requestTimeout, "requestTimeout");
            if (requestTimeout.toMillis() < 1) {
                throw new IllegalArgumentException("http.request-timeout must be at least 1 ms");
            }
            Objects.requireNonNull(limits, "limits");
            Objects.requireNonNull(clientAddresses, "clientAddresses");
            Objects.requireNonNull(healthTimeout, "healthTimeout");
            Objects.requireNonNull(healthCache, "healthCache");
            Objects.requireNonNull(metricsToken, "metricsToken");
            corsOrigins = List.copyOf(corsOrigins);
            for (String origin : corsOrigins) {
                if (!origin.matches("https?://[^/\\s]+")) {
                    throw new IllegalArgumentException("http.cors.allowed-origins: '" + origin
                            + "' is not an origin (scheme://host[:port], no path)");
                }
            }
            if (port < 0 || port > 65_535) {
                throw new IllegalArgumentException("http.port must be 0-65535");
            }
            if (maxRequestBytes < 1024) {
                throw new IllegalArgumentException("http.max-request-size must be at least 1 KiB");
            }
            if (metricsToken.isPresent() && metricsToken.get().length() < 16) {
                throw new IllegalArgumentException("http.metrics.token must be at least 16 characters");
            }
        }

        /** Hides the metrics token, so a logged configuration leaks nothing. */
        @Override
        public String toString() {
            return "Settings[host=" + host + ", port=" + port + ", maxRequestBytes=" + maxRequestBytes + ", limits=" + limits
                    + ", clientAddresses=" + clientAddresses + ", healthTimeout=" + healthTimeout + ", healthCache=" + healthCache
                    + ", corsOrigins=" + corsOrigins + ", metricsToken=" + (metricsToken.isPresent() ? "***" : "unset")
                    + ", requestTimeout=" + requestTimeout + ", anonymousReads=" + anonymousReads + "]";
        }
    }

    /**
     * Uploads and their URLs: the largest file {@code POST /media} takes, and where media are
     * fetched from (when that is this process, it serves {@code /media/...} from the store).
     */
    public record Media(Uploads uploads, MediaLinks links) {
        /** Mastodon's 16 MiB images, served here. */
        public static final Media DEFAULT = new Media(new Uploads(16L * 1024 * 1024), MediaLinks.SERVED_HERE);

        public Media {
            Objects.requireNonNull(uploads, "uploads");
            Objects.requireNonNull(links, "links");
        }
    }

    /** A bucket size: {@code requests} per {@code period}, refilled smoothly. */
    public record Rate(long requests, Duration period) {
        public Rate {
            Objects.requireNonNull(period, "period");
            if (requests < 1 || period.isNegative() || period.isZero()) {
                throw new IllegalArgumentException("a rate limit needs requests >= 1 and a positive period");
            }
        }
    }

    /**
     * @param perCaller every caller's bucket (the user when signed in, else the client address)
     * @param credentials a further bucket per client address on {@code POST /users} and {@code POST /sessions}
     * @param failedLogins failed logins allowed per username, whatever the address
     * @param maxCallers the most buckets each limit keeps in this process; past that, new callers share one bucket
     */
    public record Limits(Rate perCaller, Rate credentials, Rate failedLogins, long maxCallers) {
        public Limits {
            Objects.requireNonNull(perCaller, "perCaller");
            Objects.requireNonNull(credentials, "credentials");
            Objects.requireNonNull(failedLogins, "failedLogins");
            if (maxCallers < 1) {
                throw new IllegalArgumentException("http.rate-limit.max-callers must be at least 1");
            }
        }
    }

    private HttpApi(Javalin javalin, Settings settings, SharedLimits sharedLimits, HealthReports health, AnonymousReads anonymousReads) {
        this.javalin = javalin;
        this.settings = settings;
        this.sharedLimits = sharedLimits;
        this.health = health;
        this.anonymousReads = anonymousReads;
    }

    /** The process's bulkhead of anonymous expensive reads, for the Mastodon API of the same process to share. */
    public AnonymousReads anonymousReads() {
        return anonymousReads;
    }

    public SharedLimits sharedLimits() {
        return sharedLimits;
    }

    public static HttpApi create(
            Settings settings,
            UseCases useCases,
            BearerTokens tokens,
            Cursors cursors,
            List<EngineProbe> probes,
            PrometheusMeterRegistry registry) {
        return create(settings, useCases, tokens, cursors, probes, List.of(), registry);
    }

    /** As above, with checks that turn {@code /health} DEGRADED (still 200) while one of them says so. */
    public static HttpApi create(
            Settings settings,
            UseCases useCases,
            BearerTokens tokens,
            Cursors cursors,
            List<EngineProbe> probes,
            List<DegradationCheck> degradations,
            PrometheusMeterRegistry registry) {
        return create(settings, useCases, tokens, cursors, probes, degradations, Optional.empty(), registry);
    }

    /**
     * As above, with the rate limits' buckets in {@code sharedBuckets} when present (a store every
     * server process shares), answered from this process's buckets whenever it fails; without it,
     * in this process only.
     */
    public static HttpApi create(
            Settings settings,
            UseCases useCases,
            BearerTokens tokens,
            Cursors cursors,
            List<EngineProbe> probes,
            List<DegradationCheck> degradations,
            Optional<RateLimitStore> sharedBuckets,
            PrometheusMeterRegistry registry) {
        return create(settings, useCases, tokens, cursors, probes, degradations, sharedBuckets, Media.DEFAULT, registry);
    }

    /** As above, with uploads limited and media linked as {@code media} says. */
    public static HttpApi create(
            Settings settings,
            UseCases useCases,
            BearerTokens tokens,
            Cursors cursors,
            List<EngineProbe> probes,
            List<DegradationCheck> degradations,
            Optional<RateLimitStore> sharedBuckets,
            Media media,
            PrometheusMeterRegistry registry) {
        Json json = new Json(settings.maxRequestBytes());
        Paging paging = new Paging(cursors, new ListedPosts(json.mapper(), media.links()));
        ProblemMapper problems = new ProblemMapper(json.mapper());
        Limits limits = settings.limits();
        ClientAddresses addresses = new ClientAddresses(settings.clientAddresses());
        RateLimitStore local = new LocalRateLimitStore(limits.maxCallers());
        RateLimitStore buckets = sharedBuckets
                .<RateLimitStore>map(shared -> new FallbackRateLimitStore(shared, local, System::nanoTime))
                .orElse(local);
        RouteGuard guard = new RouteGuard(tokens, addresses, new RateLimits(RateLimits.CALLER, limits.perCaller(), buckets),
                new RateLimits(RateLimits.CREDENTIALS, limits.credentials(), buckets));
        RouteMetrics metrics = new RouteMetrics(registry);
        // Each resource is handed the use cases it calls, and no others.
        AccountResource accounts = new AccountResource(useCases.registerUser(), useCases.authenticate(), useCases.readProfile(),
                useCases.manageRelations(), useCases.readAsViewer(), tokens, json,
                new RateLimits(RateLimits.FAILED_LOGINS, limits.failedLogins(), buckets), useCases.manageAccount(),
                media.uploads(), media.links());
        PostResource posts = new PostResource(useCases.publishPost(), useCases.deletePost(), useCases.likePost(),
                useCases.unlikePost(), useCases.repostPost(), useCases.unrepostPost(), useCases.readAsViewer(),
                useCases.readEngagement(), useCases.readArticles(), useCases.publishDraft(), json, paging, media.links());
        MediaResource uploads = new MediaResource(useCases.manageMedia(), media.uploads(), media.links());
        GraphResource graph = new GraphResource(useCases.follow(), useCases.unfollow(), useCases.readFollowing(),
                useCases.readFollowers(), useCases.checkFollows(), paging);
        FeedResource feed = new FeedResource(useCases.readHomeFeed(), paging);
        RelationResource relations = new RelationResource(useCases.manageRelations(), paging);
        TagResource tags = new TagResource(useCases.followTags(), useCases.readTags(), paging);
        NotificationResource notifications = new NotificationResource(useCases.readNotifications(), json, paging);
        SearchResource search = new SearchResource(useCases.search(), paging);
        ExploreResource explore = new ExploreResource(useCases.readExplore(), paging);
        SubscriptionResource subscriptions = new SubscriptionResource(useCases.notifyOfPosts());
        HealthReports health = new HealthReports(probes, degradations, settings.healthTimeout(), settings.healthCache());
        OperationsResource operations = new OperationsResource(health, settings.metricsToken(), registry);
        AnonymousReads anonymousReads = new AnonymousReads(settings.anonymousReads());
        RequestDeadline deadline = new RequestDeadline(settings.requestTimeout(),
                ctx -> ctx.routeRoles().contains(Access.OPERATIONS) || UNTIMED_ROUTES.contains(ctx.method().name() + " " + ctx.path()),
                HttpProblem::requestTimeout);

        Javalin javalin = Javalin.create(config -> {
            config.concurrency.useVirtualThreads = true;
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.http.maxRequestSize = settings.maxRequestBytes();
            config.http.prefer405over404 = true;
            config.jsonMapper(new JavalinJackson(json.mapper(), true));
            config.staticFiles.enableWebjars();
            config.jetty.modifyServer(server -> server.setErrorHandler(new JettyErrors()));
            config.jetty.modifyServletContextHandler(Sessionless::apply);
            // Jetty keeps each connection's recent header values (Authorization among them) in a small
            // cache, cleared whenever a new value does not fit. A proxy's connection carries many callers'
            // tokens, each new to it, so the cache was refilled and cleared on nearly every request:
            // about 9% of a feed page's CPU in the profile of a loaded server. Off, each header is
            // parsed as it comes.
            config.jetty.modifyHttpConfiguration(http -> http.setHeaderCacheSize(0));
            // Left unset, Javalin's copy buffer is Jetty's whole output buffer (32 KB): more than half of
            // the bytes a feed page allocated then.
            config.http.responseBufferSize = COPY_BUFFER_BYTES;
            config.requestLogger.http(metrics::record);
            config.routes.before(new SecurityHeaders(CREDENTIAL_ROUTES)::apply);
            config.routes.beforeMatched(guard::check);
            // Admitted first, then timed: a wait in the bulkhead's queue is short and bounded of its own.
            config.router.handlerWrapper(endpoint -> anonymousReads.wrap(endpoint, deadline.wrap(endpoint),
                    ctx -> Caller.of(ctx).user().isEmpty(),
                    retryAfter -> new FeedlineException.Overloaded("too many anonymous reads at once; retry shortly", retryAfter)));
            if (!settings.corsOrigins().isEmpty()) {
                config.bundledPlugins.enableCors(cors -> cors.addRule(rule -> {
                    rule.allowHost(settings.corsOrigins().getFirst(),
                            settings.corsOrigins().subList(1, settings.corsOrigins().size()).toArray(String[]::new));
                    rule.exposeHeader("Retry-After");
                    rule.exposeHeader("Location");
                }));
            }
            // Uploads are read under the media limit (Uploads); every other multipart body under the request limit.
            config.jetty.multipartConfig.maxFileSize(settings.maxRequestBytes(), io.javalin.config.SizeUnit.BYTES);
            config.jetty.multipartConfig.maxTotalRequestSize(settings.maxRequestBytes(), io.javalin.config.SizeUnit.BYTES);
            Routes.register(config.routes, accounts, posts, graph, feed, notifications, operations, relations, search, tags, subscriptions,
                    uploads);
            if (media.links().servedHere()) {
                Routes.registerMediaFiles(config.routes, new MediaFiles(useCases.manageMedia(),
                        () -> new FeedlineException.NotFound("media", "no such media")));
            }
            Routes.registerExplore(config.routes, explore);
            config.routes.exception(HttpResponseException.class, problems::handle);
            config.routes.exception(Exception.class, problems::handle);
        });
        SharedLimits shared = new SharedLimits() {
            @Override
            public String clientKey(String peer, java.util.function.Function<String, List<String>> headers) {
                return addresses.key(peer, headers);
            }

            @Override
            public Duration takeRequest(String callerKey) {
                return buckets.take(RateLimits.CALLER, limits.perCaller(), callerKey);
            }

            @Override
            public Duration takeCredentials(String addressKey) {
                return buckets.take(RateLimits.CREDENTIALS, limits.credentials(), addressKey);
            }

            @Override
            public Duration loginAllowed(String username) {
                return buckets.available(RateLimits.FAILED_LOGINS, limits.failedLogins(), RateLimits.loginKey(username));
            }

            @Override
            public void loginFailed(String username) {
                buckets.take(RateLimits.FAILED_LOGINS, limits.failedLogins(), RateLimits.loginKey(username));
            }
        };
        return new HttpApi(javalin, settings, shared, health, anonymousReads);
    }

    /**
     * Probes the engines once (bounded by {@code healthTimeout}) and keeps probing them in the
     * background, then listens on the configured host and port; returns once the server accepts connections.
     */
    public HttpApi start() {
        health.start();
        javalin.start(settings.host(), settings.port());
        return this;
    }

    /** The port listened on: the configured one, or the one picked when 0 was configured. */
    public int port() {
        return javalin.port();
    }

    @Override
    public void close() {
        try {
            javalin.stop();
        } finally {
            health.close();
        }
    }
}
