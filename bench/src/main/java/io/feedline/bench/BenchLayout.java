package io.feedline.bench;

import com.github.f4b6a3.ulid.UlidCreator;
import io.feedline.adapter.dynamodb.EmbeddedDynamo;
import io.feedline.adapter.postgres.PostgresSettings;
import io.feedline.app.bootstrap.FeedlineConfig;
import io.feedline.app.bootstrap.StorageSetup;
import io.feedline.domain.DomainPorts;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.TimelineCache;
import io.feedline.ports.out.UserAccounts;
import io.feedline.testsupport.PostgresServer;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Collection;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The storage of one benchmark run, opened by the app's own bootstrap for the chosen profile, on
 * names of its own: a fresh DynamoDB table, a fresh Redis key prefix and a fresh Postgres schema,
 * all removed afterwards. DynamoDB is DynamoDB Local, in this process, unless an endpoint is given.
 */
final class BenchLayout implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BenchLayout.class);

    /** Where to take the polyglot engines from, when not from the configuration. */
    record Engines(Optional<Path> configFile, Optional<String> dynamoEndpoint, Optional<String> redisUri,
            Optional<String> postgresUrl, Optional<String> postgresUser) {}

    final FeedlineConfig config;
    /** The ports as the adapters give them: for seeding, checking and cleaning up. */
    final DomainPorts raw;
    /** The same ports with Redis and Postgres calls counted: what the measured cores run on. */
    final DomainPorts counted;
    final String tag;
    private final StorageSetup.OpenedStorage opened;
    private final Optional<EmbeddedDynamo> localDynamo;

    private BenchLayout(FeedlineConfig config, DomainPorts raw, DomainPorts counted, String tag,
            StorageSetup.OpenedStorage opened, Optional<EmbeddedDynamo> localDynamo) {
        this.config = config;
        this.raw = raw;
        this.counted = counted;
        this.tag = tag;
        this.opened = opened;
        this.localDynamo = localDynamo;
    }

    static BenchLayout open(FeedlineConfig.Profile profile, Engines engines, BackendCalls calls) {
        return open(profile, engines, calls, Map.of());
    }

    /** The same, with {@code settings} (configuration paths and values, such as {@code storage.media}) over the run's own. */
    static BenchLayout open(FeedlineConfig.Profile profile, Engines engines, BackendCalls calls, Map<String, Object> settings) {
        String tag = UlidCreator.getUlid().toString().toLowerCase(Locale.ROOT);
        Map<String, Object> overrides = new HashMap<>();
        overrides.put("profile", profile.name().toLowerCase(Locale.ROOT));
        overrides.put("storage.users", "");
        overrides.put("storage.timelines", "");
        overrides.put("storage.auto-init", true);
        overrides.put("dynamodb.table", "bench-" + tag);
        Optional<EmbeddedDynamo> local = Optional.empty();
        FeedlineConfig base = FeedlineConfig.of(engines.configFile(), System.getenv(), Map.of("token.secret", randomSecret()));
        if (profile == FeedlineConfig.Profile.EMBEDDED) {
            // The embedded profile's own engine, in memory: a benchmark leaves no ./data behind.
            overrides.put("dynamodb.in-memory", true);
        } else {
            Optional<String> endpoint = engines.dynamoEndpoint().or(() -> base.dynamo().endpoint());
            if (endpoint.isEmpty()) {
                // Never AWS by default: a benchmark that bills someone must be asked for by name.
                EmbeddedDynamo started = EmbeddedDynamo.inMemory();
                local = Optional.of(started);
                endpoint = Optional.of(started.endpoint().toString());
            }
            overrides.put("dynamodb.endpoint", endpoint.get());
            overrides.put("token.secret", randomSecret());
            overrides.put("redis.key-prefix", base.redis().map(r -> r.keyPrefix()).orElse("") + "bench:" + tag + ":");
            overrides.put("postgres.schema", "feedline_bench_" + tag.substring(tag.length() - 12));
            engines.redisUri().ifPresent(uri -> overrides.put("redis.uri", uri));
            engines.postgresUrl().ifPresent(url -> overrides.put("postgres.url", url));
            engines.postgresUser().ifPresent(user -> overrides.put("postgres.user", user));
        }
        overrides.putAll(settings);
        try {
            FeedlineConfig config = FeedlineConfig.of(engines.configFile(), System.getenv(), overrides);
            StorageSetup.OpenedStorage opened = StorageSetup.open(config, calls, Clock.systemUTC());
            DomainPorts raw = opened.ports();
            TimelineCache timelines = config.timelines() == FeedlineConfig.TimelinesStore.REDIS
                    ? calls.countingCacheCalls(TimelineCache.class, raw.timelines())
                    : raw.timelines();
            UserAccounts users = config.users() == FeedlineConfig.UsersStore.POSTGRES
                    ? calls.countingUserCalls(UserAccounts.class, raw.users())
                    : raw.users();
            DomainPorts counted = raw.toBuilder().users(users).timelines(timelines).build();
            return new BenchLayout(config, raw, counted, tag, opened, local);
        } catch (RuntimeException e) {
            local.ifPresent(EmbeddedDynamo::close);
            throw e;
        }
    }

    String describe() {
        String dynamo = config.profile() == FeedlineConfig.Profile.EMBEDDED
                ? "DynamoDB Local in this process (in memory)"
                : "DynamoDB Local at " + config.dynamo().endpoint().orElse("?")
                        + (localDynamo.isPresent() ? " (in this process, in memory)" : "");
        String users = config.users() == FeedlineConfig.UsersStore.POSTGRES
                ? "users on Postgres " + config.postgres().map(p -> p.jdbcUrl() + " schema " + p.schema()).orElse("?")
                : "users on DynamoDB";
        String timelines = config.timelines() == FeedlineConfig.TimelinesStore.REDIS
                ? "timelines on Redis " + config.redis().map(r -> r.uri() + " prefix " + r.keyPrefix()).orElse("?")
                : "hot windows in this process's memory, the feed items on DynamoDB";
        return config.profile().name().toLowerCase(Locale.ROOT) + ": " + dynamo + ", table " + config.dynamo().table()
                + "; " + users + "; " + timelines;
    }

    /** Drops every window the run made and its Postgres schema; the in-memory table goes with the process. */
    void cleanUp(Collection<UserId> readers) {
        if (config.timelines() == FeedlineConfig.TimelinesStore.REDIS) {
            try {
                List<UserId> all = List.copyOf(readers);
                Parallel.forEach(all.size(), i -> raw.timelines().evict(all.get(i)));
            } catch (RuntimeException e) {
                LOG.warn("could not remove every bench window under prefix {}: {}",
                        config.redis().map(r -> r.keyPrefix()).orElse(""), e.getMessage());
            }
        }
        config.postgres().ifPresent(BenchLayout::dropSchema);
        if (localDynamo.isEmpty() && config.profile() == FeedlineConfig.Profile.POLYGLOT) {
            LOG.warn("table {} stays on {}: the ports offer no way to drop a table; delete it with the AWS CLI",
                    config.dynamo().table(), config.dynamo().endpoint().orElse("AWS"));
        }
    }

    /**
     * The users port offers no way to drop a schema (nor should it): the schema goes with one plain
     * JDBC statement, as the tests drop theirs.
     */
    private static void dropSchema(PostgresSettings postgres) {
        try {
            PostgresServer.at(postgres.jdbcUrl(), postgres.user(), postgres.password()).dropSchema(postgres.schema());
        } catch (RuntimeException e) {
            LOG.warn("could not drop the bench schema {} ({}); drop it by hand: DROP SCHEMA {} CASCADE", postgres.schema(),
                    e.getMessage(), postgres.schema());
        }
    }

    private static String randomSecret() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return HexFormat.of().formatHex(key);
    }

    @Override
    public void close() {
        try {
            opened.close();
        } finally {
            localDynamo.ifPresent(EmbeddedDynamo::close);
        }
    }
}
