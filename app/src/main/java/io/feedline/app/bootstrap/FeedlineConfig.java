package io.feedline.app.bootstrap;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import io.feedline.adapter.imaging.ImagingSettings;
import io.feedline.adapter.memory.MemorySettings;
import io.feedline.adapter.postgres.PostgresSettings;
import io.feedline.adapter.redis.RedisSettings;
import io.feedline.adapter.s3.S3MediaSettings;
import io.feedline.app.http.ClientAddresses;
import io.feedline.app.http.HttpApi;
import io.feedline.app.mastodon.MastodonApi;
import io.feedline.app.web.Admission;
import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PostText;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The whole configuration, read and checked once at start. Choices are enums, so a value that is
 * not one of them fails here, with the valid ones listed, and never later.
 */
public record FeedlineConfig(
        Profile profile,
        UsersStore users,
        TimelinesStore timelines,
        RateLimitsStore rateLimits,
        boolean autoInit,
        HttpApi.Settings http,
        MastodonApi.Settings mastodon,
        Secrets secrets,
        Duration tokenTtl,
        Duration tokenRevocationRecheck,
        Duration cursorTtl,
        FeedSettings feed,
        Duration feedRetention,
        int inProcessWorkers,
        int workerLoops,
        Duration fanoutBacklogThreshold,
        Duration idempotencyLockTimeout,
        Duration idempotencyRetention,
        Duration notificationRetention,
        int hotPostThreshold,
        Dynamo dynamo,
        Optional<PostgresSettings> postgres,
        Optional<RedisSettings> redis,
        Optional<MemorySettings> memory,
        Passwords passwords,
        SearchStore search,
        Media media) {

    /** The longest a bearer token may live: a stolen one is good for at most this long (unless revoked). */
    public static final Duration MAX_TOKEN_TTL = Duration.ofHours(24);

    public FeedlineConfig {
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(users, "users");
        Objects.requireNonNull(timelines, "timelines");
        Objects.requireNonNull(rateLimits, "rateLimits");
        Objects.requireNonNull(http, "http");
        Objects.requireNonNull(mastodon, "mastodon");
        Objects.requireNonNull(secrets, "secrets");
        Objects.requireNonNull(feed, "feed");
        Objects.requireNonNull(fanoutBacklogThreshold, "fanoutBacklogThreshold");
        Objects.requireNonNull(dynamo, "dynamo");
        Objects.requireNonNull(postgres, "postgres");
        Objects.requireNonNull(redis, "redis");
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(passwords, "passwords");
        Objects.requireNonNull(search, "search");
        Objects.requireNonNull(media, "media");
        if (search == SearchStore.LUCENE && users != UsersStore.DYNAMODB) {
            throw new InvalidConfiguration("storage.search = lucene needs storage.users = dynamodb (accounts reach the "
                    + "index through the DynamoDB outbox) and one process (one index writer)");
        }
        if (search == SearchStore.POSTGRES && users != UsersStore.POSTGRES) {
            throw new InvalidConfiguration("storage.search = postgres needs storage.users = postgres (account search "
                    + "reads the users table)");
        }
        Objects.requireNonNull(tokenRevocationRecheck, "tokenRevocationRecheck");
        if (tokenTtl.compareTo(MAX_TOKEN_TTL) > 0) {
            throw new InvalidConfiguration("token.ttl must be at most 24h (a bearer token cannot be withdrawn before it expires)");
        }
        if (users == UsersStore.POSTGRES && postgres.isEmpty()) {
            throw new InvalidConfiguration("storage.users = postgres needs the postgres settings");
        }
        if (timelines == TimelinesStore.REDIS && redis.isEmpty()) {
            throw new InvalidConfiguration("storage.timelines = redis needs the redis settings");
        }
        if (rateLimits == RateLimitsStore.REDIS && redis.isEmpty()) {
            throw new InvalidConfiguration("http.rate-limit.store = redis needs the redis settings");
        }
        if (timelines == TimelinesStore.MEMORY && memory.isEmpty()) {
            throw new InvalidConfiguration("storage.timelines = memory needs the memory settings");
        }
    }

    /** Where uploads live: files under a folder of this host, or an S3-compatible bucket. */
    public enum MediaStoreKind { FILESYSTEM, S3 }

    /**
     * Uploads: the store and its settings, the base of media URLs when something other than Feedline
     * serves them, the processing limits, how long an unattached upload is kept, and how many are
     * processed at once.
     */
    public record Media(MediaStoreKind store, Optional<Path> directory, Optional<URI> publicBaseUrl, ImagingSettings imaging,
            Duration unattachedTtl, Admission.Bounds uploads, Optional<S3MediaSettings> s3) {
        public Media {
            Objects.requireNonNull(store, "store");
            Objects.requireNonNull(directory, "directory");
            Objects.requireNonNull(publicBaseUrl, "publicBaseUrl");
            Objects.requireNonNull(imaging, "imaging");
            Objects.requireNonNull(unattachedTtl, "unattachedTtl");
            Objects.requireNonNull(uploads, "uploads");
            Objects.requireNonNull(s3, "s3");
            if (store == MediaStoreKind.S3 && s3.isEmpty()) {
                throw new InvalidConfiguration("storage.media = s3 needs the media.s3 settings");
            }
            if (store == MediaStoreKind.S3 && publicBaseUrl.isEmpty()) {
                throw new InvalidConfiguration("storage.media = s3 needs media.public-base-url: the bucket's or its CDN's "
                        + "public address (Feedline serves /media/ from the filesystem store only)");
            }
        }
    }

    public enum Profile {
        EMBEDDED(UsersStore.DYNAMODB, TimelinesStore.MEMORY),
        POLYGLOT(UsersStore.POSTGRES, TimelinesStore.REDIS);

        final UsersStore users;
        final TimelinesStore timelines;

        Profile(UsersStore users, TimelinesStore timelines) {
            this.users = users;
            this.timelines = timelines;
        }
    }

    /**
     * How many argon2id hashes or verifications may run at once, how many more requests may wait for
     * a slot, how long each waits before it is answered 503 with Retry-After, and how long a
     * request refused at once (the queue full) waits for its 503.
     */
    public record Passwords(int maxConcurrentHashes, int maxQueued, Duration maxWait, Duration shedDelay) {
        public Passwords {
            Objects.requireNonNull(maxWait, "maxWait");
            Objects.requireNonNull(shedDelay, "shedDelay");
            if (maxConcurrentHashes < 1 || maxConcurrentHashes > 256) {
                throw new InvalidConfiguration("password.max-concurrent-hashes must be auto or between 1 and 256");
            }
            if (maxQueued < 0 || maxQueued > 10_000) {
                throw new InvalidConfiguration("password.max-queued must be between 0 and 10000");
            }
        }

        public Admission.Bounds bounds() {
            return new Admission.Bounds(maxConcurrentHashes, maxQueued, maxWait);
        }
    }

    /** The most fan-out workers one process may run, in-process or not. */
    public static final int MAX_WORKERS = 64;

    /**
     * {@code worker.in-process = auto}: one worker per core, at least 2 (a worker mostly waits on
     * storage, so even one core keeps two busy) and at most 8 (past that the engines, not the
     * workers, are the limit; add {@code feedline worker} processes instead).
     */
    static int autoWorkers(int cores) {
        return Math.min(8, Math.max(2, cores));
    }

    public enum UsersStore { POSTGRES, DYNAMODB }

    /**
     * The search engine: Lucene in this process, file-backed beside DynamoDB Local's data (the
     * embedded profile), or Postgres full-text search in the users' database (polyglot). The default
     * follows {@code storage.users}.
     */
    public enum SearchStore { LUCENE, POSTGRES }

    /**
     * Where the hot windows live: a Redis every process shares, or this process's own heap (one
     * process only: a window there sees no fan-out done by another process).
     */
    public enum TimelinesStore { REDIS, MEMORY }

    /**
     * Where the rate limits' buckets live: this process's heap (each process limits on its own), or a
     * Redis every process shares (a limit holds across all of them; this process's buckets stand in
     * while Redis does not answer). The default follows {@code storage.timelines}.
     */
    public enum RateLimitsStore { LOCAL, REDIS }

    /**
     * Keys from the environment. Hidden from {@link #toString()}, so a logged configuration leaks
     * none of them.
     */
    public record Secrets(Optional<String> tokenSecret, Optional<String> cursorSecret) {
        public Secrets {
            Objects.requireNonNull(tokenSecret, "tokenSecret");
            Objects.requireNonNull(cursorSecret, "cursorSecret");
        }

        @Override
        public String toString() {
            return "Secrets[tokenSecret=" + (tokenSecret.isPresent() ? "***" : "unset")
                    + ", cursorSecret=" + (cursorSecret.isPresent() ? "***" : "unset") + "]";
        }
    }

    /**
     * The DynamoDB side. {@code endpoint} is empty for AWS; the embedded profile runs DynamoDB Local
     * in this process instead, under {@code dataDir} or in memory.
     */
    public record Dynamo(
            String table, String region, Optional<String> endpoint, Path dataDir, boolean inMemory) {
        public Dynamo {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(region, "region");
            Objects.requireNonNull(endpoint, "endpoint");
            Objects.requireNonNull(dataDir, "dataDir");
            if (!table.matches("[A-Za-z0-9_.-]{3,255}")) {
                throw new InvalidConfiguration("dynamodb.table must be 3-255 characters of A-Z, a-z, 0-9, '_', '-' and '.'");
            }
        }
    }

    /** Defaults, then an optional file ({@code file}, else {@code FEEDLINE_CONFIG}), then the environment. */
    public static FeedlineConfig load(Optional<Path> file, Map<String, String> environment) {
        return from(ConfigLayers.load(file, environment, Map.of()));
    }

    /** Defaults overlaid with {@code overrides} (keys as in reference.conf); no file, no environment. */
    public static FeedlineConfig of(Map<String, ?> overrides) {
        return from(ConfigLayers.load(Optional.empty(), Map.of(), overrides));
    }

    /** The layers of {@link #load}, with {@code overrides} on top of them all (tools, the benchmark). */
    public static FeedlineConfig of(Optional<Path> file, Map<String, String> environment, Map<String, ?> overrides) {
        return from(ConfigLayers.load(file, environment, overrides));
    }

    /** A configuration key, the environment variable that sets it, and its default. */
    public record Key(String name, String environmentVariable, String defaultValue) {}

    /** Every key, in alphabetical order. */
    public static java.util.List<Key> keys() {
        return ConfigLayers.keys();
    }

    static FeedlineConfig from(Config c) {
        try {
            Profile profile = choice(c, "profile", Profile.class, null);
            UsersStore users = choice(c, "storage.users", UsersStore.class, profile.users);
            TimelinesStore timelines = choice(c, "storage.timelines", TimelinesStore.class, profile.timelines);
            RateLimitsStore rateLimits = choice(c, "http.rate-limit.store", RateLimitsStore.class,
                    timelines == TimelinesStore.REDIS ? RateLimitsStore.REDIS : RateLimitsStore.LOCAL);
            Secrets secrets = new Secrets(secret(c, "token.secret"), secret(c, "cursor.secret"));
            if (profile != Profile.EMBEDDED && secrets.tokenSecret().isEmpty()) {
                throw new InvalidConfiguration("token.secret is required outside the embedded profile: set "
                        + ConfigLayers.environmentName("token.secret") + " to at least 32 random bytes");
            }
            FeedSettings feed = checked(() -> FeedSettings.defaults()
                    .withMode(fanoutMode(c.getString("fanout.mode")))
                    .withCelebrityThreshold(c.getLong("fanout.celebrity-threshold"))
                    .withBackfillPosts(c.getInt("fanout.backfill-posts"))
                    .withWindowSize(c.getInt("timelines.cap"))
                    .withFanoutPageSize(c.getInt("fanout.page-size"))
                    .withJobLease(positive(c, "fanout.job-lease"))
                    .withIdlePoll(positive(c, "fanout.idle-poll"))
                    .withJobsPerClaim(between(c, "worker.batch", 1, 1000))
                    .withWorkerConcurrency(between(c, "worker.concurrency", 1, 1000))
                    .withFeedRetention(positive(c, "feed.retention"))
                    .withMaxFollowing(between(c, "graph.max-following", 1, 1_000_000))
                    .withMaxPullSources(between(c, "feed.max-pull-sources", 1, 1_000_000))
                    .withCelebrityReadsTtl(nonNegative(c, "feed.celebrity-reads-ttl"))
                    .withRegistrationsOpen(c.getBoolean("registrations.open"))
                    .withArticleMaxCharacters(between(c, "posts.article-max-characters", PostText.MAX_CODE_POINTS,
                            PostText.MAX_ARTICLE_CODE_POINTS)));
            HttpApi.Settings http = checked(() -> new HttpApi.Settings(
                    c.getString("http.host"),
                    c.getInt("http.port"),
                    c.getBytes("http.max-request-size"),
                    new HttpApi.Limits(
                            rate(c, "http.rate-limit"),
                            rate(c, "http.rate-limit.credentials"),
                            rate(c, "http.rate-limit.failed-logins"),
                            c.getLong("http.rate-limit.max-callers")),
                    new ClientAddresses.Settings(
                            Optional.of(c.getString("http.client-address.header").strip()).filter(h -> !h.isEmpty()),
                            commaList(c, "http.client-address.trusted-proxies")),
                    positive(c, "http.health-timeout"),
                    positive(c, "http.health-cache"),
                    commaList(c, "http.cors.allowed-origins"),
                    secret(c, "http.metrics.token"),
                    positive(c, "http.request-timeout"),
                    new Admission.Bounds(halfTheCoresOr(c, "http.anonymous-reads.max-in-flight"),
                            between(c, "http.anonymous-reads.queue", 0, 10_000), nonNegative(c, "http.anonymous-reads.max-wait"))));
            MastodonApi.Settings mastodon = checked(() -> new MastodonApi.Settings(
                    c.getBoolean("mastodon.enabled"),
                    c.getString("http.host"),
                    c.getInt("mastodon.port"),
                    c.getBytes("http.max-request-size"),
                    positive(c, "mastodon.token-ttl"),
                    c.getString("mastodon.contact-email"),
                    c.getInt("mastodon.streaming.queue"),
                    c.getInt("mastodon.streaming.max-connections"),
                    positive(c, "http.request-timeout")));
            Dynamo dynamo = new Dynamo(
                    c.getString("dynamodb.table"),
                    c.getString("dynamodb.region"),
                    Optional.of(c.getString("dynamodb.endpoint").strip()).filter(s -> !s.isEmpty()),
                    Path.of(c.getString("dynamodb.data-dir")),
                    c.getBoolean("dynamodb.in-memory"));
            Optional<PostgresSettings> postgres = users == UsersStore.POSTGRES ? Optional.of(postgres(c)) : Optional.empty();
            Optional<RedisSettings> redis = timelines == TimelinesStore.REDIS || rateLimits == RateLimitsStore.REDIS
                    ? Optional.of(redis(c)) : Optional.empty();
            Optional<MemorySettings> memory = timelines == TimelinesStore.MEMORY ? Optional.of(memory(c)) : Optional.empty();
            return new FeedlineConfig(
                    profile, users, timelines, rateLimits, c.getBoolean("storage.auto-init"), http, mastodon, secrets,
                    positive(c, "token.ttl"), nonNegative(c, "token.revocation-recheck"), positive(c, "cursor.ttl"),
                    feed, positive(c, "feed.retention"),
                    workers(c, "worker.in-process", 0), workers(c, "worker.loops", 1),
                    positive(c, "fanout.backlog-threshold"),
                    positive(c, "idempotency.lock-timeout"), positive(c, "idempotency.retention"),
                    positive(c, "notifications.retention"), between(c, "counters.hot-post-threshold", 1, 1000),
                    dynamo, postgres, redis, memory,
                    new Passwords(halfTheCoresOr(c, "password.max-concurrent-hashes"), between(c, "password.max-queued", 0, 10_000),
                            nonNegative(c, "password.max-wait"), nonNegative(c, "password.shed-delay")),
                    choice(c, "storage.search", SearchStore.class,
                            users == UsersStore.DYNAMODB ? SearchStore.LUCENE : SearchStore.POSTGRES),
                    media(c));
        } catch (ConfigException e) {
            throw new InvalidConfiguration(e.getMessage(), e);
        }
    }

    private static Media media(Config c) {
        MediaStoreKind store = choice(c, "storage.media", MediaStoreKind.class, MediaStoreKind.FILESYSTEM);
        Optional<String> accessKeyId = Optional.of(c.getString("media.s3.access-key-id").strip()).filter(v -> !v.isEmpty());
        Optional<String> secretKey = Optional.of(c.getString("media.s3.secret-access-key")).filter(v -> !v.isBlank());
        if (accessKeyId.isPresent() != secretKey.isPresent()) {
            throw new InvalidConfiguration("media.s3.access-key-id and media.s3.secret-access-key are set together or not at all");
        }
        Optional<S3MediaSettings> s3 = store == MediaStoreKind.S3
                ? Optional.of(checked(() -> new S3MediaSettings(
                        url(c, "media.s3.endpoint"),
                        c.getString("media.s3.region").strip(),
                        c.getString("media.s3.bucket").strip(),
                        c.getString("media.s3.key-prefix").strip(),
                        c.getBoolean("media.s3.path-style"),
                        accessKeyId.map(id -> new S3MediaSettings.AccessKey(id, secretKey.orElseThrow())),
                        S3MediaSettings.DEFAULT_CALL_TIMEOUT)))
                : Optional.empty();
        return checked(() -> new Media(
                store,
                Optional.of(c.getString("media.directory").strip()).filter(v -> !v.isEmpty()).map(Path::of),
                url(c, "media.public-base-url"),
                new ImagingSettings(c.getBytes("media.max-image-bytes"), c.getLong("media.max-image-pixels"),
                        c.getInt("media.small-long-side"), ImagingSettings.DEFAULT_JPEG_QUALITY),
                positive(c, "media.unattached-ttl"),
                new Admission.Bounds(halfTheCoresOr(c, "media.max-concurrent-uploads"),
                        between(c, "media.max-queued-uploads", 0, 10_000), nonNegative(c, "media.max-upload-wait")),
                s3));
    }

    /** An absolute http(s) URL without a trailing slash, or empty. */
    private static Optional<URI> url(Config c, String key) {
        String raw = c.getString(key).strip();
        if (raw.isEmpty()) {
            return Optional.empty();
        }
        try {
            URI uri = new URI(raw.endsWith("/") ? raw.substring(0, raw.length() - 1) : raw);
            if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null
                    || uri.getQuery() != null || uri.getFragment() != null) {
                throw new URISyntaxException(raw, "not an http or https URL without query or fragment");
            }
            return Optional.of(uri);
        } catch (URISyntaxException e) {
            throw new InvalidConfiguration(key + " must be an http or https URL without query or fragment, not '" + raw + "'");
        }
    }

    private static PostgresSettings postgres(Config c) {
        return checked(() -> new PostgresSettings(
                c.getString("postgres.url"),
                Optional.of(c.getString("postgres.user")).filter(s -> !s.isBlank()).orElse(null),
                secret(c, "postgres.password").orElse(null),
                c.getInt("postgres.pool-size"),
                c.getString("postgres.schema"),
                positive(c, "postgres.connect-timeout"),
                positive(c, "postgres.socket-timeout"),
                positive(c, "postgres.statement-timeout")));
    }

    private static RedisSettings redis(Config c) {
        return checked(() -> new RedisSettings(
                c.getString("redis.uri"),
                c.getInt("timelines.cap"),
                positive(c, "redis.command-timeout"),
                positive(c, "redis.connect-timeout"),
                c.getString("redis.key-prefix"),
                positive(c, "post-cache.ttl"),
                c.getInt("post-cache.max-local"),
                positive(c, "timelines.ttl"),
                c.getInt("timelines.max-local")));
    }

    private static MemorySettings memory(Config c) {
        return checked(() -> new MemorySettings(c.getLong("memory.max-windows"), c.getInt("timelines.cap"),
                c.getLong("post-cache.max-local"), positive(c, "post-cache.ttl"), positive(c, "timelines.ttl")));
    }

    private static FanoutMode fanoutMode(String value) {
        try {
            return FanoutMode.parse(value);
        } catch (FeedlineException.InvalidInput e) {
            throw new InvalidConfiguration(e.getMessage());
        }
    }

    /** An enum choice, spelt in lower case; empty means {@code fallback} when there is one. */
    static <E extends Enum<E>> E choice(Config c, String key, Class<E> type, E fallback) {
        String raw = c.getString(key).strip();
        if (raw.isEmpty() && fallback != null) {
            return fallback;
        }
        for (E value : type.getEnumConstants()) {
            if (value.name().equalsIgnoreCase(raw)) {
                return value;
            }
        }
        String valid = Arrays.stream(type.getEnumConstants())
                .map(v -> v.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining(", "));
        throw new InvalidConfiguration("unknown " + key + " '" + raw + "'; valid: " + valid
                + (fallback == null ? "" : " (or empty for the profile's choice)"));
    }

    private static Optional<String> secret(Config c, String key) {
        String value = c.getString(key);
        if (value.isBlank()) {
            return Optional.empty();
        }
        if (key.endsWith(".secret") && value.getBytes(StandardCharsets.UTF_8).length < 32) {
            throw new InvalidConfiguration(key + " (" + ConfigLayers.environmentName(key) + ") must be at least 32 bytes");
        }
        return Optional.of(value);
    }

    /** A list written as one comma-separated string, so one environment variable can set it. */
    static java.util.List<String> commaList(Config c, String key) {
        return Arrays.stream(c.getString(key).split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    private static HttpApi.Rate rate(Config c, String prefix) {
        return new HttpApi.Rate(c.getLong(prefix + ".requests"), positive(c, prefix + ".period"));
    }

    /** {@code auto}: one per core, since each hash keeps one core busy for its whole run. */
    private static int halfTheCoresOr(Config c, String key) {
        String raw = c.getString(key).strip();
        if (raw.equalsIgnoreCase("auto")) {
            // Half the cores: a flood of hashes or of anonymous reads must leave the other half to every other request.
            return Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
        }
        try {
            return Integer.parseInt(raw);
        } catch (NumberFormatException e) {
            throw new InvalidConfiguration(key + " must be auto or a whole number, not '" + raw + "'");
        }
    }

    private static Duration nonNegative(Config c, String key) {
        Duration value = c.getDuration(key);
        if (value.isNegative()) {
            throw new InvalidConfiguration(key + " must not be negative");
        }
        return value;
    }

    private static Duration positive(Config c, String key) {
        Duration value = c.getDuration(key);
        if (value.isNegative() || value.isZero()) {
            throw new InvalidConfiguration(key + " must be a positive duration");
        }
        return value;
    }

    private static int between(Config c, String key, int min, int max) {
        int value = c.getInt(key);
        if (value < min || value > max) {
            throw new InvalidConfiguration(key + " must be between " + min + " and " + max);
        }
        return value;
    }

    /** A worker count: {@code auto} (see {@link #autoWorkers}) or a number from {@code min} to {@link #MAX_WORKERS}. */
    private static int workers(Config c, String key, int min) {
        String raw = c.getString(key).strip();
        if (raw.equalsIgnoreCase("auto")) {
            return autoWorkers(Runtime.getRuntime().availableProcessors());
        }
        int value;
        try {
            value = Integer.parseInt(raw);
        } catch (NumberFormatException e) {
            throw new InvalidConfiguration(key + " must be auto or a whole number, not '" + raw + "'");
        }
        if (value < min || value > MAX_WORKERS) {
            throw new InvalidConfiguration(key + " must be auto or between " + min + " and " + MAX_WORKERS);
        }
        return value;
    }

    /** The settings records check their own ranges; their complaints become configuration errors. */
    private static <T> T checked(Supplier<T> build) {
        try {
            return build.get();
        } catch (InvalidConfiguration | ConfigException e) {
            throw e;
        } catch (FeedlineException.InvalidInput e) {
            throw new InvalidConfiguration(e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new InvalidConfiguration(e.getMessage(), e);
        }
    }
}
