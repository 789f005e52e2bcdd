package io.feedline.app.bootstrap;

import io.feedline.adapter.dynamodb.ClientInterceptors;
import io.feedline.adapter.redis.RedisRateLimitBuckets;
import io.feedline.app.http.BearerTokens;
import io.feedline.app.http.CachedRevocations;
import io.feedline.app.http.SessionStamps;
import io.feedline.app.http.Cursors;
import io.feedline.app.http.DegradationCheck;
import io.feedline.app.http.EngineProbe;
import io.feedline.app.http.HttpApi;
import io.feedline.app.http.RateLimitStore;
import io.feedline.app.http.TokenRevocations;
import io.feedline.app.mastodon.Limits;
import io.feedline.app.mastodon.MastodonApi;
import io.feedline.app.mastodon.MastodonTokens;
import io.feedline.app.web.MediaLinks;
import io.feedline.app.web.Uploads;
import io.feedline.domain.fanout.FanoutWorker;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Announcements;
import io.feedline.ports.out.RateLimitBuckets;
import io.feedline.ports.out.RevokedTokens;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server: storage, core, HTTP API and the in-process fan-out loops, wired from a
 * {@link FeedlineConfig}. {@link #create} opens storage but listens on nothing until {@link #start},
 * so tests start it on port 0 and read {@link #port()}.
 */
public final class App implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(App.class);
    /** The Mastodon API's tokens are signed under a key of their own, so neither API accepts the other's. */
    private static final String MASTODON_LABEL = "feedline/mastodon-token/v1";

    private final Assembly assembly;
    private final HttpApi http;
    private final Optional<MastodonApi> mastodon;
    private final Optional<RedisRateLimitBuckets> sharedBuckets;
    /** This process's ear on the other processes' revocations, where they can be heard. */
    private final Optional<Announcements.Subscription> heardRevocations;
    private WorkerLoops loops;
    private FanoutWorker drainer;
    private boolean closed;

    private App(Assembly assembly, HttpApi http, Optional<MastodonApi> mastodon, Optional<RedisRateLimitBuckets> sharedBuckets,
            Optional<Announcements.Subscription> heardRevocations) {
        this.assembly = assembly;
        this.http = http;
        this.mastodon = mastodon;
        this.sharedBuckets = sharedBuckets;
        this.heardRevocations = heardRevocations;
    }

    public static App create(FeedlineConfig config) {
        return create(config, Clock.systemUTC());
    }

    /** As {@link #create(FeedlineConfig)}, on {@code clock} (tokens, cursors, posts and the outbox all read it). */
    public static App create(FeedlineConfig config, Clock clock) {
        return create(config, clock, ClientInterceptors.NONE);
    }

    /**
     * As {@link #create(FeedlineConfig, Clock)}, with {@code dynamoInterceptors} on the DynamoDB
     * client: for tests that run the whole app on a table that answers as AWS may (indexes that lag).
     */
    public static App create(FeedlineConfig config, Clock clock, ClientInterceptors dynamoInterceptors) {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(dynamoInterceptors, "dynamoInterceptors");
        Keys keys = Keys.from(config);
        Assembly assembly = Assembly.open(config, clock, dynamoInterceptors);
        Optional<RedisRateLimitBuckets> sharedBuckets = Optional.empty();
        try {
            sharedBuckets = Storage.rateLimitBuckets(config);
            FanoutBacklogWatch backlog = new FanoutBacklogWatch(assembly.storage.jobs, clock, config.fanoutBacklogThreshold());
            assembly.metrics.watchFanoutBacklog(backlog);
            // One revocation view per process over the shared store: the native logout and Mastodon's
            // /oauth/revoke both hold on every server (at once where the servers hear each other's
            // revocations, within token.revocation-recheck where they cannot).
            CachedRevocations revocations = new CachedRevocations(revocations(assembly.storage),
                    config.tokenRevocationRecheck(), 100_000, System::nanoTime);
            // Each user's session stamp, kept as revocations are and told on their channel (ADR-0026).
            SessionStamps stamps = new SessionStamps(assembly.core.useCases().authenticate()::sessionStamp,
                    config.tokenRevocationRecheck(), 100_000, System::nanoTime,
                    word -> assembly.storage.tokenRevocations.ifPresent(channel -> channel.announce(word)));
            Optional<Announcements.Subscription> heardRevocations = assembly.storage.tokenRevocations
                    .map(channel -> channel.listen(new Announcements.Listener<>() {
                        @Override
                        public void heard(String word) {
                            if (word.startsWith(SessionStamps.WORD_PREFIX)) {
                                try {
                                    stamps.changedElsewhere(UserId.of(word.substring(SessionStamps.WORD_PREFIX.length())));
                                } catch (FeedlineException.InvalidInput garbled) {
                                    // Not a word this version sends: nothing of ours to drop.
                                }
                            } else {
                                revocations.revokedElsewhere(word);
                            }
                        }

                        @Override
                        public void hearing(boolean everyWord) {
                            revocations.hearing(everyWord);
                            stamps.hearing(everyWord);
                        }
                    }));
            HttpApi.Media media = new HttpApi.Media(new Uploads(config.media().imaging().maxBytes()),
                    new MediaLinks(config.media().publicBaseUrl()));
            HttpApi http = HttpApi.create(
                    config.http(),
                    assembly.core.useCases(),
                    new BearerTokens(keys.token(), config.tokenTtl(), clock, revocations, stamps),
                    new Cursors(keys.cursor(), config.cursorTtl(), clock),
                    java.util.stream.Stream.concat(
                            assembly.storage.probes.stream().map(p -> new EngineProbe(p.component(), p::ping)),
                            assembly.storage.cacheProbes.stream().map(p -> new EngineProbe(p.component(), p::ping, true)))
                            .toList(),
                    List.of(new DegradationCheck("fanout", backlog::degradedBecause)),
                    sharedBuckets.map(App::rateLimitStore),
                    media,
                    assembly.metrics.registry);
            MastodonApi.Settings mastodonSettings = config.mastodon();
            Optional<MastodonApi> mastodon = mastodonSettings.enabled()
                    ? Optional.of(MastodonApi.create(mastodonSettings, assembly.core.useCases(), new MastodonTokens(
                            Keys.derive(keys.token(), MASTODON_LABEL), mastodonSettings.tokenTtl(), clock,
                            new MastodonTokens.Revocations() {
                                @Override
                                public void revoke(String tokenId, Instant expiresAt) {
                                    revocations.revoke(tokenId, expiresAt);
                                }

                                @Override
                                public boolean isRevoked(String tokenId) {
                                    return revocations.isRevoked(tokenId);
                                }

                                // Straight to the shared store: a cached "not revoked" must not let a code be spent twice.
                                @Override
                                public boolean revokeOnce(String tokenId, Instant expiresAt) {
                                    return assembly.storage.revokedTokens.revokeOnce(tokenId, expiresAt);
                                }
                            }, stamps::isCurrent), mastodonLimits(http.sharedLimits()), http.anonymousReads(), media.uploads(), media.links()))
                    : Optional.empty();
            mastodon.ifPresent(api -> assembly.metrics.watchStreams(api::streamingConnections, api::slowStreamsDropped));
            return new App(assembly, http, mastodon, sharedBuckets, heardRevocations);
        } catch (RuntimeException e) {
            sharedBuckets.ifPresent(RedisRateLimitBuckets::close);
            assembly.close();
            throw e;
        }
    }

    /** The native API's rate limits, spent by the Mastodon port too: one budget per caller across both. */
    private static Limits mastodonLimits(HttpApi.SharedLimits shared) {
        return new Limits() {
            @Override
            public String clientKey(String peer, java.util.function.Function<String, List<String>> headers) {
                return shared.clientKey(peer, headers);
            }

            @Override
            public Duration takeRequest(String callerKey) {
                return shared.takeRequest(callerKey);
            }

            @Override
            public Duration takeCredentials(String addressKey) {
                return shared.takeCredentials(addressKey);
            }

            @Override
            public Duration loginAllowed(String username) {
                return shared.loginAllowed(username);
            }

            @Override
            public void loginFailed(String username) {
                shared.loginFailed(username);
            }
        };
    }

    /** The shared buckets, as the HTTP layer's rate limits ask them. */
    private static RateLimitStore rateLimitStore(RateLimitBuckets buckets) {
        return new RateLimitStore() {
            /** Each limit's bucket size, made (and its name checked) once rather than on every request. */
            private final Map<String, RateLimitBuckets.Limit> limits = new ConcurrentHashMap<>();

            @Override
            public Duration take(String limit, HttpApi.Rate rate, String key) {
                return buckets.take(limit(limit, rate), key);
            }

            @Override
            public Duration available(String limit, HttpApi.Rate rate, String key) {
                return buckets.available(limit(limit, rate), key);
            }

            private RateLimitBuckets.Limit limit(String name, HttpApi.Rate rate) {
                RateLimitBuckets.Limit known = limits.get(name);
                if (known != null && known.requests() == rate.requests() && known.period().equals(rate.period())) {
                    return known;
                }
                RateLimitBuckets.Limit made = new RateLimitBuckets.Limit(name, rate.requests(), rate.period());
                limits.put(name, made);
                return made;
            }
        };
    }

    /** The shared revocation store, as the HTTP layer's tokens ask it; a revocation is announced once stored. */
    private static TokenRevocations revocations(Storage storage) {
        RevokedTokens store = storage.revokedTokens;
        return new TokenRevocations() {
            @Override
            public void revoke(String tokenId, Instant expiresAt) {
                store.revoke(tokenId, expiresAt);
                storage.tokenRevocations.ifPresent(channel -> channel.announce(tokenId));
            }

            @Override
            public boolean isRevoked(String tokenId) {
                return store.isRevoked(tokenId);
            }
        };
    }

    /** Listens for HTTP and starts the configured number of in-process fan-out loops. */
    public synchronized App start() {
        http.start();
        mastodon.ifPresent(api -> {
            api.start();
            LOG.info("feedline Mastodon API listening on {}:{}", assembly.config.http().host(), api.port());
        });
        loops = WorkerLoops.start(assembly.core, assembly.config.inProcessWorkers(),
                assembly.config.media().unattachedTtl());
        if (assembly.config.inProcessWorkers() == 0 && assembly.config.profile() == FeedlineConfig.Profile.EMBEDDED) {
            LOG.warn("worker.in-process = 0 on the embedded profile: no other process can reach this DynamoDB, "
                    + "so posts will not be fanned out to feeds");
        }
        LOG.info("feedline listening on {}:{} (fan-out mode {})", assembly.config.http().host(), http.port(),
                assembly.config.feed().mode().name().toLowerCase(java.util.Locale.ROOT));
        return this;
    }

    public int port() {
        return http.port();
    }

    /** The Mastodon API's port, when it is enabled. */
    public Optional<Integer> mastodonPort() {
        return mastodon.map(MastodonApi::port);
    }

    public UseCases useCases() {
        return assembly.core.useCases();
    }

    /**
     * Works the fan-out outbox dry on the calling thread and returns how many jobs it completed: for
     * tests and tools that need every pending delivery done before they look.
     */
    public int drainFanout() {
        FanoutWorker worker;
        synchronized (this) {
            if (drainer == null) {
                drainer = assembly.core.worker("drain-" + ProcessHandle.current().pid());
            }
            worker = drainer;
        }
        return worker.drain();
    }

    /** Ranks the trending tags now (a worker ranks at most once a minute): for tests and tools that look at once. */
    public void rankTrendingTags() {
        assembly.core.rankTrendingTags();
    }

    /** Merges what explore's rankings have not taken in yet, now: for tests and tools that look at once. */
    public void refreshExplore() {
        assembly.core.refreshExplore();
    }

    /** Stops listening, lets the fan-out loops finish their job in hand, then closes the core and every engine. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            try {
                http.close();
            } finally {
                mastodon.ifPresent(MastodonApi::close);
            }
        } finally {
            try {
                if (loops != null) {
                    loops.close();
                }
            } finally {
                try {
                    heardRevocations.ifPresent(Announcements.Subscription::close);
                    sharedBuckets.ifPresent(RedisRateLimitBuckets::close);
                } finally {
                    assembly.close();
                }
            }
        }
    }
}
