package io.feedline.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.feedline.scale.Api.Answer;
import io.feedline.scale.Api.Item;
import io.feedline.testsupport.ThrowawayRedis;
import io.feedline.testsupport.ThrowawayRedisCluster;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * N instances behave as one: two {@code feedline serve} processes and one {@code feedline worker}
 * process of the production jar, on one DynamoDB, one Postgres and one Redis Cluster, with the
 * traffic spread over both servers. Each test checks one promise across processes; every whole
 * feed read, and every hot window in the cluster, is held to the {@link FeedOracle pull oracle}.
 * The kill test stops a server and the worker with {@code kill -9} under load and finds no feed
 * entry lost or doubled once they are back.
 *
 * <p>The Redis is a private 3-master Redis Cluster ({@link ThrowawayRedisCluster}, no replicas), which
 * every process reaches through its {@code redis-cluster://} seeds: windows, cached posts and
 * rate-limit buckets spread over the masters by slot, and the test reads each key from the master
 * that owns its slot. A single Redis server is what every other polyglot test runs on, so the proof
 * runs on the cluster only. The request and credential limits are raised out of the way; the limit
 * on wrong passwords per username keeps its default, and one test holds it shared.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class ManyInstancesProofTest {
    private static final String PASSWORD = "many-instances-proof";
    private static final int PEOPLE = 10;
    /** Each person follows the next {@value} people (in a ring). */
    private static final int FOLLOWS = 3;
    private static final Duration DRAIN = Duration.ofSeconds(90);

    private record Person(String username, String id, String token) {}

    private static ThrowawayRedisCluster redis;
    private static final Thread redisReaper = new Thread(() -> redis.close(), "redis-cluster-reaper");
    private static PolyglotStack stack;
    private static FeedlineProcess serverA;
    private static FeedlineProcess serverB;
    private static FeedlineProcess worker;
    private static Api a;
    private static Api b;
    private static final FeedOracle oracle = new FeedOracle();
    private static final List<Person> people = new ArrayList<>();
    private static final String run = Long.toString(System.nanoTime() % 1_000_000_000L, 36);

    @BeforeAll
    static void startTwoServersAndAWorkerOnSharedEngines() throws Exception {
        redis = ThrowawayRedisCluster.start(3);
        Runtime.getRuntime().addShutdownHook(redisReaper);
        stack = PolyglotStack.start(redis.uri(), Map.of());
        stack.init();
        // Both servers start at once on the new table and schema, as a rollout would; the worker
        // once they are up (it has no health to wait for, so the table is there before it looks).
        try (ExecutorService starting = Executors.newFixedThreadPool(2)) {
            Future<FeedlineProcess> first = starting.submit(() -> stack.server("serve-a"));
            Future<FeedlineProcess> second = starting.submit(() -> stack.server("serve-b"));
            serverA = first.get(3, TimeUnit.MINUTES);
            serverB = second.get(3, TimeUnit.MINUTES);
        }
        worker = stack.worker("worker");
        a = new Api(stack.http(), serverA);
        b = new Api(stack.http(), serverB);

        for (int i = 0; i < PEOPLE; i++) {
            Api on = i % 2 == 0 ? a : b;
            String name = "p" + run + "_" + i;
            Answer account = Api.expect(on.register(name, name + "@example.org", PASSWORD), 201, "sign-up of " + name);
            people.add(new Person(name, account.id(), (i % 2 == 0 ? b : a).login(name, PASSWORD)));
        }
        for (int i = 0; i < PEOPLE; i++) {
            Person reader = people.get(i);
            for (int k = 1; k <= FOLLOWS; k++) {
                Person followee = people.get((i + k) % PEOPLE);
                Api.expect((k % 2 == 0 ? a : b).follow(reader.token(), followee.username()), 200, "follow");
                oracle.follows(reader.id(), followee.id());
            }
        }
    }

    @AfterAll
    static void stopEverything() {
        try {
            if (stack != null) {
                stack.close();
            }
        } finally {
            if (redis != null) {
                Runtime.getRuntime().removeShutdownHook(redisReaper);
                redis.close();
            }
        }
    }

    @Test
    @Order(1)
    void signUpsRacingForTheSameNameOnBothServersHaveExactlyOneWinner() throws Exception {
        int names = 3;
        int attemptsPerName = 4;
        List<Callable<Answer>> attempts = new ArrayList<>();
        for (int n = 0; n < names; n++) {
            String name = "race" + run + "_" + n;
            for (int t = 0; t < attemptsPerName; t++) {
                Api on = t % 2 == 0 ? a : b;
                String email = name + "." + t + "@example.org";
                attempts.add(() -> on.register(name, email, PASSWORD));
            }
        }
        List<Answer> answers = all(attempts);

        for (int n = 0; n < names; n++) {
            String name = "race" + run + "_" + n;
            List<Answer> forName = answers.subList(n * attemptsPerName, (n + 1) * attemptsPerName);
            List<Answer> won = forName.stream().filter(answer -> answer.status() == 201).toList();
            assertThat(won).as("sign-ups of %s that won, across both servers: %s", name, forName).hasSize(1);
            assertThat(forName.stream().filter(answer -> answer.status() != 201))
                    .as("the losers of %s", name)
                    .allSatisfy(lost -> {
                        assertThat(lost.status()).isEqualTo(409);
                        assertThat(lost.body().path("type").asText()).endsWith("username-taken");
                        assertThat(lost.body().path("field").asText()).isEqualTo("username");
                    });
            for (Api on : List.of(a, b)) {
                assertThat(Api.expect(on.profile(name), 200, "profile").id()).as("%s on %s", name, on.name())
                        .isEqualTo(won.getFirst().id());
            }
        }
    }

    @Test
    @Order(2)
    void aPublishReplayedAgainstTheOtherServerIsOnePost() throws Exception {
        Person author = people.get(0);
        Map<String, String> postOfKey = new HashMap<>();
        for (int k = 0; k < 4; k++) {
            String key = "replay-" + run + "-" + k;
            String first = Api.expect(a.publish(author.token(), "replayed " + k, key), 201, "publish on A").id();
            String again = Api.expect(b.publish(author.token(), "replayed " + k, key), 201, "replay on B").id();
            assertThat(again).as("the replay of %s on B", key).isEqualTo(first);
            postOfKey.put(key, first);
        }
        // The same key sent to both servers at once: one post, whichever request claimed the key.
        for (int k = 4; k < 8; k++) {
            String key = "replay-" + run + "-" + k;
            String text = "raced " + k;
            List<Answer> answers = all(List.<Callable<Answer>>of(
                    () -> publishOnce(author, text, key, a, a), () -> publishOnce(author, text, key, b, b)));
            assertThat(answers).as("both answers for %s", key).allMatch(answer -> answer.status() == 201);
            assertThat(answers.get(1).id()).as("the post both servers answered for %s", key).isEqualTo(answers.get(0).id());
            postOfKey.put(key, answers.get(0).id());
        }
        postOfKey.values().forEach(id -> oracle.published(id, author.id()));

        for (Api on : List.of(a, b)) {
            List<String> posts = on.postsBy(author.username()).stream().map(Item::id).toList();
            assertThat(posts).as("%s's posts on %s", author.username(), on.name())
                    .doesNotHaveDuplicates()
                    .containsExactlyElementsOf(oracle.postsBy(author.id()));
        }
        awaitFeedsMatchTheOracle("after the replayed publishes");
    }

    @Test
    @Order(3)
    void likesOnBothServersAreCountedExactly() throws Exception {
        Person author = people.get(1);
        String post = Api.expect(a.publish(author.token(), "like me", null), 201, "publish").id();
        oracle.published(post, author.id());

        // Everyone likes it on both servers at once: each like counts once.
        List<Callable<Answer>> likes = new ArrayList<>();
        for (Person liker : people) {
            likes.add(() -> a.like(liker.token(), post));
            likes.add(() -> b.like(liker.token(), post));
        }
        List<Answer> liked = all(likes);
        assertThat(liked).as("likes").allMatch(answer -> answer.status() == 200);
        assertThat(liked).as("every answer says liked").allMatch(answer -> answer.body().path("liked").asBoolean());
        for (int i = 0; i < PEOPLE; i++) {
            // Of each person's two likes, the one that made the like counts it in its answer (the
            // stored count plus the caller's own change); the repeat answers the stored count.
            int made = Math.max(liked.get(2 * i).body().path("likeCount").asInt(), liked.get(2 * i + 1).body().path("likeCount").asInt());
            assertThat(made).as("the count answered to %s's like", people.get(i).username()).isBetween(1, PEOPLE);
        }
        awaitDurableLikes(author, post, PEOPLE);

        // Half take theirs back on B while the other half like again on A.
        List<Callable<Answer>> changes = new ArrayList<>();
        for (int i = 0; i < PEOPLE; i++) {
            Person person = people.get(i);
            changes.add(i < PEOPLE / 2 ? () -> b.unlike(person.token(), post) : () -> a.like(person.token(), post));
        }
        List<Answer> changed = all(changes);
        assertThat(changed).as("unlikes and repeated likes").allMatch(answer -> answer.status() == 200);
        assertThat(changed.subList(0, PEOPLE / 2)).as("unlikes answer not liked")
                .allMatch(answer -> !answer.body().path("liked").asBoolean());
        awaitDurableLikes(author, post, PEOPLE - PEOPLE / 2);
        awaitFeedsMatchTheOracle("after the likes");
    }

    @Test
    @Order(4)
    void aDeleteOnOneServerIsGoneFromTheOthersNextReadAtOnce() {
        Person author = people.get(2);
        Person reader = people.get(1); // follows people 2, 3 and 4
        List<String> posts = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String id = Api.expect(a.publish(author.token(), "soon gone " + i, null), 201, "publish").id();
            oracle.published(id, author.id());
            posts.add(id);
        }
        awaitFeedsMatchTheOracle("before the deletes");
        for (String id : posts) {
            Api.expect(b.post(id), 200, "B caches the post");
        }
        for (String id : posts) {
            Api.expect(a.delete(author.token(), id), 204, "delete on A");
            oracle.deleted(id);
            // No wait: B's very next answers already leave it out.
            assertThat(b.post(id).status()).as("GET /posts/%s on B right after A deleted it", id).isEqualTo(404);
            List<String> page = Api.items(Api.expect(b.feedPage(reader.token(), 20, Optional.empty()), 200, "feed on B"))
                    .stream().map(Item::id).toList();
            assertThat(page).as("the reader's first page on B right after A deleted %s", id)
                    .doesNotContain(id)
                    .isEqualTo(first(oracle.feedOf(reader.id()), 20));
        }
        awaitFeedsMatchTheOracle("after the deletes");
    }

    @Test
    @Order(5)
    void wrongPasswordsSpreadOverBothServersMeetOneSharedLimit() {
        // failed-logins keeps its default here (10 wrong passwords per username per 15 minutes), and
        // the buckets live in the shared Redis: two servers must not allow 20.
        String target = "p" + run + "_limited";
        Api.expect(a.register(target, target + "@example.org", PASSWORD), 201, "sign-up of " + target);
        for (int attempt = 1; attempt <= 10; attempt++) {
            Api on = attempt % 2 == 0 ? a : b;
            assertThat(on.attemptLogin(target, "not the password " + attempt).status())
                    .as("wrong password %s on server %s", attempt, on.name()).isEqualTo(401);
        }
        Answer eleventh = a.attemptLogin(target, "not the password 11");
        assertThat(eleventh.status()).as("the 11th wrong password, whichever server gets it").isEqualTo(429);
        assertThat(b.attemptLogin(target, PASSWORD).status())
                .as("the name stays limited on the other server too, even for its right password").isEqualTo(429);
        // The one bucket both servers charged: a key of the cluster, on the master that owns its slot.
        String bucket = "rl:failed-logins:login:" + target;
        assertThat(redis.exists(bucket)).as("the bucket %s on its master %s", bucket, redis.ownerOf(bucket).uri()).isTrue();
    }

    @Test
    @Order(6)
    void killingAServerAndTheWorkerMidLoadLosesAndDoublesNoFeedEntry() throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger published = new AtomicInteger();
        AtomicInteger pagesRead = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        Map<String, String> keyOfPost = new ConcurrentHashMap<>();
        ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
        Set<String> seenOnPages = ConcurrentHashMap.newKeySet();
        List<Api> servers = List.of(a, b);

        try (ExecutorService load = Executors.newFixedThreadPool(5)) {
            List<Future<?>> clients = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                int client = t;
                clients.add(load.submit(() -> {
                    for (int i = 0; !stop.get(); i++) {
                        Person author = people.get((client + 3 * i) % PEOPLE);
                        String key = UUID.randomUUID().toString();
                        // A balancer's retry: the same key again, on the other server when one is unreachable.
                        Api first = servers.get(i % 2);
                        Api other = servers.get((i + 1) % 2);
                        Answer answer = publishOnce(author, "load " + key, key, first, other);
                        if (answer.status() != 201) {
                            problems.add("publish " + key + ": " + answer);
                            return;
                        }
                        oracle.published(answer.id(), author.id());
                        keyOfPost.put(answer.id(), key);
                        published.incrementAndGet();
                    }
                }));
            }
            for (int t = 0; t < 2; t++) {
                int client = t;
                clients.add(load.submit(() -> {
                    for (int i = 0; !stop.get(); i++) {
                        Person reader = people.get((client + 7 * i) % PEOPLE);
                        Api on = servers.get(i % 2);
                        Answer page;
                        try {
                            page = on.feedPage(reader.token(), 20, Optional.empty());
                        } catch (UncheckedIOException down) {
                            refused.incrementAndGet();
                            continue;
                        }
                        if (page.status() != 200) {
                            problems.add("feed of " + reader.username() + " on " + on.name() + ": " + page);
                            return;
                        }
                        // Mid-load a page trails the fan-out, so it is held to the oracle's rules here
                        // (the reader's and followees' posts only, newest first, each once) and in full below.
                        List<Item> items = Api.items(page);
                        List<String> ids = items.stream().map(Item::id).toList();
                        if (!ids.equals(ids.stream().distinct().sorted(Comparator.reverseOrder()).toList())) {
                            problems.add("page of " + reader.username() + " on " + on.name() + " not newest first once each: " + ids);
                        }
                        items.stream().filter(item -> !oracle.inFeedOf(reader.id(), item.authorId()))
                                .forEach(item -> problems.add("foreign post " + item + " on " + reader.username() + "'s page"));
                        seenOnPages.addAll(ids);
                        pagesRead.incrementAndGet();
                    }
                }));
            }

            awaitCount(published, 15, "publishes before the server is killed", problems);
            serverB.kill();
            awaitCount(published, 30, "publishes with one server down", problems);
            worker.kill();
            awaitCount(published, 45, "publishes with the worker down", problems);
            worker.restart();
            awaitCount(published, 55, "publishes after the worker came back", problems);
            stack.restartServer(serverB);
            awaitCount(published, 65, "publishes after the server came back", problems);
            stop.set(true);
            for (Future<?> client : clients) {
                client.get(1, TimeUnit.MINUTES);
            }
        }
        assertThat(problems).as("what the clients saw go wrong").isEmpty();
        assertThat(pagesRead.get()).as("feed pages read under load").isPositive();

        awaitFeedsMatchTheOracle("after the kills and restarts");
        for (Person author : people) {
            for (Api on : servers) {
                assertThat(on.postsBy(author.username()).stream().map(Item::id).toList())
                        .as("%s's posts on %s: every publish once", author.username(), on.name())
                        .containsExactlyElementsOf(oracle.postsBy(author.id()));
            }
        }
        assertThat(new HashSet<>(keyOfPost.values())).as("one post per idempotency key").hasSize(keyOfPost.size());
        assertThat(seenOnPages).as("posts served on pages under load that the test never published").allMatch(oracle::knows);
    }

    @Test
    @Order(7)
    void theCacheTheServersShareIsSpreadOverEveryMasterOfTheCluster() {
        // Every window and cached post the tests above wrote (more than 80 keys by now) sits on the
        // master its slot names; with the slots spread evenly, each master holds some of them.
        long windows = 0;
        for (ThrowawayRedis master : redis.nodes()) {
            long keys = master.admin().run(commands -> commands.dbsize());
            assertThat(keys).as("keys on the master %s", master.uri()).isPositive();
        }
        for (Person person : people) {
            String key = "tl:{" + person.id() + "}";
            if (redis.exists(key)) {
                windows++;
            }
        }
        assertThat(windows).as("hot windows the servers built in the cluster, of %s readers", PEOPLE).isPositive();
    }

    /**
     * Waits (bounded) until the fan-out has caught up, then holds every person's whole feed on both
     * servers, the durable feed items in DynamoDB and the hot windows in Redis to the oracle: the
     * same posts, each once. Each poll reads everything again; the failure shows the last difference.
     */
    private static void awaitFeedsMatchTheOracle(String when) {
        try (DynamoDbClient dynamo = stack.dynamoClient()) {
            await("feeds " + when + " matching the oracle").atMost(DRAIN).pollInterval(Duration.ofMillis(250))
                    .failFast("the worker exited, so feeds " + when + " cannot catch up", () -> !worker.alive())
                    .untilAsserted(() -> assertThat(differenceFromTheOracle(dynamo)).as("the difference from the oracle").isNull());
        } catch (ConditionTimeoutException | TerminalFailureException e) {
            throw new AssertionError(e.getMessage() + "\nworker log:\n" + worker.tail(), e);
        }
    }

    private static String differenceFromTheOracle(DynamoDbClient dynamo) {
        for (Person person : people) {
            List<String> expected = oracle.feedOf(person.id());
            for (Api on : List.of(a, b)) {
                List<String> served = on.wholeFeed(person.token(), 20).stream().map(Item::id).toList();
                if (!served.equals(expected)) {
                    return person.username() + "'s feed on " + on.name() + " was " + served + ", oracle " + expected;
                }
            }
            List<String> durable = durableFeed(dynamo, person.id());
            if (durable.size() != expected.size() || !new HashSet<>(durable).equals(new HashSet<>(expected))) {
                return person.username() + "'s durable feed items were " + durable + ", oracle " + expected;
            }
            Optional<Window> window = window(person.id());
            if (window.isPresent() && window.get().whole() && !window.get().posts().equals(expected)) {
                return person.username() + "'s hot window was " + window.get().posts() + ", oracle " + expected;
            }
            if (window.isPresent() && !window.get().whole() && !expected.containsAll(window.get().posts())) {
                return person.username() + "'s window part held " + window.get().posts() + ", oracle " + expected;
            }
        }
        return null;
    }

    /** The reader's feed items as stored ({@code FEED#<reader>}, {@code POST#<id>}), every page. */
    private static List<String> durableFeed(DynamoDbClient dynamo, String reader) {
        return dynamo.queryPaginator(QueryRequest.builder()
                        .tableName(stack.table())
                        .keyConditionExpression("pk = :pk")
                        .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("FEED#" + reader)))
                        .consistentRead(true)
                        .build())
                .items().stream()
                .map(item -> item.get("sk").s().substring("POST#".length()))
                .toList();
    }

    /** A reader's hot window as stored: whole (marked), or a part that reads as missing; its post ids newest first. */
    private record Window(boolean whole, List<String> posts) {}

    /**
     * The reader's hot window ({@code tl:{<reader>}}, members {@code <post>:<author>}, and
     * {@code ~whole} on a whole window), read from the master that owns its slot; empty if none.
     */
    private static Optional<Window> window(String reader) {
        String key = "tl:{" + reader + "}";
        List<String> members = redis.ownerOf(key).admin().run(commands -> commands.zrevrange(key, 0, -1));
        List<String> posts = members.stream().filter(member -> !member.equals("~whole"))
                .map(member -> member.substring(0, member.indexOf(':'))).toList();
        return members.isEmpty() ? Optional.empty() : Optional.of(new Window(members.contains("~whole"), posts));
    }

    /**
     * Publishes with {@code key} until one server answers other than 409 (the key still held by a
     * request in flight, or by a server that was killed holding it): on {@code first}, or on
     * {@code other} when {@code first} cannot be reached. Bounded by the lock timeout the stack sets.
     */
    private static Answer publishOnce(Person author, String text, String key, Api first, Api other) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        Api on = first;
        while (true) {
            try {
                Answer answer = on.publish(author.token(), text, key);
                if (answer.status() != 409 || System.nanoTime() > deadline) {
                    return answer;
                }
            } catch (UncheckedIOException unreachable) {
                if (System.nanoTime() > deadline) {
                    throw unreachable;
                }
                on = on == first ? other : first;
            }
            pause(100);
        }
    }

    /**
     * Waits (bounded) until the stored count is exact: the post item's {@code likeCount} plus its
     * counter shards' ({@code COUNT#<n>}, once it is hot), which the worker moves as it applies the
     * likes' count jobs, equals the like items, which each like writes in its own transaction. (The
     * count a cached read serves may trail it: see the post cache in docs/ARCHITECTURE.md.)
     */
    private static void awaitDurableLikes(Person author, String post, int expected) {
        try (DynamoDbClient dynamo = stack.dynamoClient()) {
            // The like items are checked on every poll: an assertion in the condition fails at once.
            await("the stored like count of " + post + " reaching " + expected).atMost(DRAIN).pollInterval(Duration.ofMillis(100)).until(() -> {
                Map<String, AttributeValue> item = dynamo.getItem(GetItemRequest.builder()
                        .tableName(stack.table())
                        .key(Map.of("pk", AttributeValue.fromS("USER#" + author.id()), "sk", AttributeValue.fromS("POST#" + post)))
                        .consistentRead(true)
                        .build()).item();
                int stored = item.containsKey("likeCount") ? Integer.parseInt(item.get("likeCount").n()) : 0;
                stored += countOf(dynamo, post, "COUNT#", "likeCount");
                int likeItems = countOf(dynamo, post, "LIKE#", null);
                assertThat(likeItems).as("like items of %s", post).isEqualTo(expected);
                return stored == expected;
            });
        }
    }

    /** Under {@code POST#<post>}, the items whose sort key starts with {@code prefix}: how many, or their {@code attribute}'s sum. */
    private static int countOf(DynamoDbClient dynamo, String post, String prefix, String attribute) {
        return dynamo.queryPaginator(QueryRequest.builder()
                        .tableName(stack.table())
                        .keyConditionExpression("pk = :pk AND begins_with(sk, :prefix)")
                        .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("POST#" + post),
                                ":prefix", AttributeValue.fromS(prefix)))
                        .consistentRead(true)
                        .build())
                .items().stream()
                .mapToInt(row -> attribute == null ? 1 : row.containsKey(attribute) ? Integer.parseInt(row.get(attribute).n()) : 0)
                .sum();
    }

    private static void awaitCount(AtomicInteger count, int atLeast, String what, ConcurrentLinkedQueue<String> problems) {
        await(atLeast + " " + what).atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
                .failFast(() -> assertThat(problems).as("problems while waiting for " + what).isEmpty())
                .until(() -> count.get() >= atLeast);
    }

    private static <T> List<T> all(List<Callable<T>> tasks) throws Exception {
        try (ExecutorService pool = Executors.newFixedThreadPool(Math.min(tasks.size(), 16))) {
            List<T> results = new ArrayList<>();
            for (Future<T> future : pool.invokeAll(tasks, 2, TimeUnit.MINUTES)) {
                results.add(future.get());
            }
            return results;
        }
    }

    private static List<String> first(List<String> list, int n) {
        return list.subList(0, Math.min(n, list.size()));
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
