package io.feedline.app.proofs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.adapter.redis.RedisSettings;
import io.feedline.adapter.redis.RedisTimelines;
import io.feedline.app.bootstrap.App;
import io.feedline.app.bootstrap.FeedlineConfig;
import io.feedline.ports.in.Follow;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.RegisterUser;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.TimelineCache;
import io.feedline.testsupport.DynamoLocal;
import io.feedline.testsupport.ThrowawayRedis;
import io.feedline.testsupport.ThrowawayRedisCluster;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Redis is a cache (ADR-0002): losing it loses no data. The polyglot layout in hybrid mode (posts,
 * graph and feed items on DynamoDB Local, windows on a private redis-server) serves home feeds over
 * HTTP to a few concurrent readers while the Redis is flushed, then stopped, then started again
 * empty. Both caches live there: the windows and the post bodies (with this process's near copies
 * of them). Every answer is a 200 with the same page a pull-mode core computes over the same
 * storage, and the windows and the cached posts are back once readers come. The proof runs on one
 * redis-server and again on a 3-master Redis Cluster (flushed, stopped and started again whole).
 */
class CacheLossProofTest {
    private static final int AUTHORS = 8;
    private static final int READERS = 20;
    private static final int POSTS_PER_AUTHOR = 6;
    private static final int SAMPLED = 6;
    private static final int READS_PER_PHASE = 30;
    /** The longest each phase's wait may take. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final String PASSWORD = "cache-loss-proof";
    private static final ObjectMapper JSON = new ObjectMapper();

    private enum Phase { WARM, FLUSHED, DOWN, RESTARTED }

    private record Served(Phase phase, UserId reader, int status, List<String> postIds, String failure) {}

    /** What the proof does to Redis, whether one server or a cluster. */
    private interface CacheServer extends AutoCloseable {
        String uri();

        void flushAll();

        void shutDown();

        void restart();

        boolean exists(String key);

        @Override
        void close();
    }

    private static CacheServer single(ThrowawayRedis redis) {
        return new CacheServer() {
            public String uri() { return redis.uri(); }
            public void flushAll() { redis.flushAll(); }
            public void shutDown() { redis.shutDown(); }
            public void restart() { redis.restart(); }
            public boolean exists(String key) { return redis.admin().exists(key); }
            public void close() { redis.close(); }
        };
    }

    private static CacheServer cluster(ThrowawayRedisCluster cluster) {
        return new CacheServer() {
            public String uri() { return cluster.uri(); }
            public void flushAll() { cluster.flushAll(); }
            public void shutDown() { cluster.shutDown(); }
            public void restart() { cluster.restart(); }
            public boolean exists(String key) { return cluster.exists(key); }
            public void close() { cluster.close(); }
        };
    }

    @Test
    void feedsAnswerThroughRedisFlushAndOutageAndWindowsAreRebuilt() throws Exception {
        prove(single(ThrowawayRedis.start()));
    }

    @Test
    void feedsAnswerThroughAClusterFlushAndOutageAndWindowsAreRebuilt() throws Exception {
        // A cluster of its own: this one is stopped and started again.
        prove(cluster(ThrowawayRedisCluster.start(3)));
    }

    private static void prove(CacheServer server) throws Exception {
        try (CacheServer redis = server; DynamoLocal dynamo = DynamoLocal.start()) {
            Map<String, Object> settings = settings(redis, dynamo);
            try (App app = App.create(FeedlineConfig.of(settings)).start();
                    App pullOracle = App.create(FeedlineConfig.of(with(settings, "fanout.mode", "pull")))) {
                UseCases feed = app.useCases();
                List<UserAccount> authors = register(feed, "a", AUTHORS);
                List<UserAccount> readers = register(feed, "r", READERS);
                follow(feed, authors, readers);
                List<UserAccount> sampled = readers.subList(0, SAMPLED);
                // Each sampled reader reads once, as readers do: that leaves a whole window, which the fan-out fills.
                try (RedisTimelines before = RedisTimelines.connect(RedisSettings.of(redis.uri()))) {
                    for (UserAccount reader : sampled) {
                        feed.readHomeFeed().read(reader.id(), reader.id(), PageRequest.first(20));
                    }
                    await("the first reads' windows were rebuilt").atMost(Duration.ofSeconds(30)).until(() -> sampled.stream()
                            .allMatch(reader -> before.timelineCache().range(reader.id(), Optional.empty(), 1).isPresent()));
                }
                publish(feed, authors);
                app.drainFanout();

                Map<UserId, List<String>> oracle = new HashMap<>();
                for (UserAccount reader : sampled) {
                    oracle.put(reader.id(), pullOracle.useCases().readHomeFeed()
                            .read(reader.id(), reader.id(), PageRequest.first(20)).items().stream()
                            .map(p -> p.id().value()).toList());
                    assertThat(oracle.get(reader.id())).as("the oracle page is full").hasSize(20);
                }
                try (RedisTimelines before = RedisTimelines.connect(RedisSettings.of(redis.uri()))) {
                    assertThat(sampled).as("windows filled by the fan-out")
                            .allMatch(reader -> before.timelineCache().range(reader.id(), Optional.empty(), 1).isPresent());
                }
                for (UserAccount reader : sampled) {
                    feed.readHomeFeed().read(reader.id(), reader.id(), PageRequest.first(20));
                }
                // The celebrities' posts come whole from their own timelines; the others' are hydrated.
                Set<UserId> celebrities = Set.of(authors.get(0).id(), authors.get(1).id());
                List<String> pagePosts = sampled.stream()
                        .flatMap(reader -> pullOracle.useCases().readHomeFeed()
                                .read(reader.id(), reader.id(), PageRequest.first(20)).items().stream())
                        .filter(post -> !celebrities.contains(post.authorId()))
                        .map(post -> post.id().value()).distinct().toList();
                assertThat(pagePosts).as("hydrated posts on the pages").isNotEmpty();
                assertThat(pagePosts).as("the pages' posts are cached in Redis once read")
                        .allMatch(id -> redis.exists("p:" + id));

                HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
                String base = "http://127.0.0.1:" + app.port();
                Map<UserId, String> tokens = new HashMap<>();
                for (UserAccount reader : sampled) {
                    tokens.put(reader.id(), login(http, base, reader.username()));
                }

                AtomicReference<Phase> phase = new AtomicReference<>(Phase.WARM);
                AtomicBoolean stop = new AtomicBoolean();
                ConcurrentLinkedQueue<Served> served = new ConcurrentLinkedQueue<>();
                Map<Phase, AtomicInteger> perPhase = new EnumMap<>(Phase.class);
                for (Phase p : Phase.values()) {
                    perPhase.put(p, new AtomicInteger());
                }
                try (ExecutorService load = Executors.newFixedThreadPool(3)) {
                    for (int t = 0; t < 3; t++) {
                        int offset = t;
                        load.submit(() -> {
                            for (int i = offset; !stop.get(); i++) {
                                UserAccount reader = sampled.get(i % sampled.size());
                                Phase now = phase.get();
                                served.add(readFeed(http, base, reader.id(), tokens.get(reader.id()), now));
                                perPhase.get(now).incrementAndGet();
                            }
                        });
                    }
                    awaitReads(perPhase, Phase.WARM);

                    redis.flushAll();
                    phase.set(Phase.FLUSHED);
                    awaitReads(perPhase, Phase.FLUSHED);

                    redis.shutDown();
                    phase.set(Phase.DOWN);
                    awaitReads(perPhase, Phase.DOWN);

                    redis.restart();
                    phase.set(Phase.RESTARTED);
                    awaitReads(perPhase, Phase.RESTARTED);
                    try (RedisTimelines after = RedisTimelines.connect(RedisSettings.of(redis.uri()))) {
                        TimelineCache windows = after.timelineCache();
                        await("every sampled window is rebuilt after Redis came back").atMost(PATIENCE)
                                .until(() -> sampled.stream().allMatch(reader -> windows.range(reader.id(), Optional.empty(), 1).isPresent()));
                    }
                    await("every post of the sampled pages is cached again after Redis came back").atMost(PATIENCE)
                            .until(() -> pagePosts.stream().allMatch(id -> redis.exists("p:" + id)));
                    stop.set(true);
                }

                List<Served> failures = served.stream().filter(s -> s.status() != 200).toList();
                assertThat(failures).as("reads that did not answer 200").isEmpty();
                for (Phase p : Phase.values()) {
                    assertThat(served.stream().filter(s -> s.phase() == p).count()).as("reads while %s", p)
                            .isGreaterThanOrEqualTo(READS_PER_PHASE);
                }
                for (Served s : served) {
                    assertThat(s.postIds()).as("page served to %s while %s, against the pull oracle", s.reader(), s.phase())
                            .isEqualTo(oracle.get(s.reader()));
                }
            }
        }
    }

    private static Map<String, Object> settings(CacheServer redis, DynamoLocal dynamo) {
        Map<String, Object> settings = Proofs.polyglot(dynamo.endpoint().toString(), redis.uri(), "cache-loss");
        settings.put("http.host", "127.0.0.1");
        settings.put("http.port", 0);
        settings.put("http.rate-limit.requests", 1_000_000);
        settings.put("http.rate-limit.credentials.requests", 1_000_000);
        // The test drains the outbox itself, so every delivery is done before the first read.
        settings.put("worker.in-process", 0);
        settings.put("fanout.mode", "hybrid");
        // Authors followed by every reader (20) are celebrities; the others (10 followers each) are not.
        settings.put("fanout.celebrity-threshold", 15);
        return settings;
    }

    private static Map<String, Object> with(Map<String, Object> settings, String key, Object value) {
        Map<String, Object> changed = new HashMap<>(settings);
        changed.put(key, value);
        return changed;
    }

    private static List<UserAccount> register(UseCases feed, String prefix, int count) {
        List<UserAccount> accounts = new ArrayList<>();
        String run = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
        for (int i = 0; i < count; i++) {
            String name = prefix + run + "_" + i;
            accounts.add(feed.registerUser().register(new RegisterUser.Command(Username.of(name), Email.of(name + "@example.org"),
                    new Password(PASSWORD), DisplayName.of(name), Bio.EMPTY)));
        }
        return accounts;
    }

    /** Every reader follows the first two authors (the celebrities) and three of the other six. */
    private static void follow(UseCases feed, List<UserAccount> authors, List<UserAccount> readers) {
        Follow follow = feed.follow();
        for (int i = 0; i < readers.size(); i++) {
            UserId reader = readers.get(i).id();
            for (int a : new int[] {0, 1, 2 + i % 6, 2 + (i + 1) % 6, 2 + (i + 3) % 6}) {
                follow.follow(reader, authors.get(a).username());
            }
        }
    }

    private static void publish(UseCases feed, List<UserAccount> authors) {
        for (int round = 0; round < POSTS_PER_AUTHOR; round++) {
            for (UserAccount author : authors) {
                Post post = feed.publishPost().publish(new PublishPost.Command(author.id(),
                        PostText.of("post " + round + " by " + author.username().value()), Optional.empty()));
                assertThat(post.authorId()).isEqualTo(author.id());
            }
        }
    }

    private static String login(HttpClient http, String base, Username username) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(base + "/sessions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(
                        Map.of("username", username.value(), "password", PASSWORD))))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("login of %s: %s", username, response.body()).isEqualTo(201);
        return JSON.readTree(response.body()).get("token").asText();
    }

    private static Served readFeed(HttpClient http, String base, UserId reader, String token, Phase phase) {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(base + "/feed?limit=20"))
                    .header("Authorization", "Bearer " + token)
                    .timeout(Duration.ofSeconds(10))
                    .GET()
                    .build(), HttpResponse.BodyHandlers.ofString());
            List<String> ids = new ArrayList<>();
            if (response.statusCode() == 200) {
                for (JsonNode item : JSON.readTree(response.body()).get("items")) {
                    ids.add(item.get("id").asText());
                }
            }
            return new Served(phase, reader, response.statusCode(), ids, response.statusCode() == 200 ? null : response.body());
        } catch (Exception e) {
            return new Served(phase, reader, -1, List.of(), e.toString());
        }
    }

    private static void awaitReads(Map<Phase, AtomicInteger> perPhase, Phase phase) {
        await(READS_PER_PHASE + " reads while " + phase.name().toLowerCase(Locale.ROOT)).atMost(PATIENCE)
                .until(() -> perPhase.get(phase).get() >= READS_PER_PHASE);
    }
}
