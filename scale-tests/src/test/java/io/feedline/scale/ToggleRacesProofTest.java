package io.feedline.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.feedline.scale.Api.Answer;
import io.feedline.testsupport.ThrowawayRedis;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * One user's likes and reposts toggled many times at once, split over two {@code feedline serve}
 * processes of the production jar with a {@code feedline worker} on shared engines: once the
 * worker has caught up, the lists, the reposter's timeline, a follower's feed (served and durable)
 * and the counts (stored, and served by both servers) match the user's final state, and every
 * answer the liker got counts their own like once (0 or 1 on a post nobody else likes).
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class ToggleRacesProofTest {
    private static final String PASSWORD = "toggle-races-proof";
    private static final Duration CATCH_UP = Duration.ofSeconds(90);
    private static final int REPOST_TOGGLES = 40;
    private static final int LIKE_TOGGLES = 50;

    private record Person(String username, String id, String token) {}

    private static ThrowawayRedis redis;
    private static PolyglotStack stack;
    private static Api a;
    private static Api b;
    private static Person author;
    private static Person toggler;
    private static Person follower;
    private static final String run = Long.toString(System.nanoTime() % 1_000_000_000L, 36);

    @BeforeAll
    static void startTwoServersAndAWorkerOnSharedEngines() throws Exception {
        redis = ThrowawayRedis.start();
        stack = PolyglotStack.start(redis.uri(), Map.of());
        stack.init();
        try (ExecutorService starting = Executors.newFixedThreadPool(2)) {
            Future<FeedlineProcess> first = starting.submit(() -> stack.server("serve-a"));
            Future<FeedlineProcess> second = starting.submit(() -> stack.server("serve-b"));
            a = new Api(stack.http(), first.get(3, TimeUnit.MINUTES));
            b = new Api(stack.http(), second.get(3, TimeUnit.MINUTES));
        }
        stack.worker("worker");
        author = signUp("author", a);
        toggler = signUp("toggler", b);
        follower = signUp("follower", a);
        Api.expect(b.follow(follower.token(), toggler.username()), 200, "follow");
    }

    private static Person signUp(String role, Api on) {
        String name = role.substring(0, 3) + run;
        Answer account = Api.expect(on.register(name, name + "@example.org", PASSWORD), 201, "sign-up of " + name);
        return new Person(name, account.id(), on.login(name, PASSWORD));
    }

    @AfterAll
    static void stopEverything() {
        try {
            if (stack != null) {
                stack.close();
            }
        } finally {
            if (redis != null) {
                redis.close();
            }
        }
    }

    @Test
    void racingRepostsAndUnrepostsOverTwoServersLeaveOneStateInEveryCopy() throws Exception {
        String post = Api.expect(a.publish(author.token(), "repost me", null), 201, "publish").id();
        List<Answer> answers = race(REPOST_TOGGLES, (on, reposting) -> reposting
                ? on.repost(toggler.token(), post) : on.unrepost(toggler.token(), post));
        assertThat(answers).as("reposts and unreposts").allMatch(answer -> answer.status() == 200);

        awaitCopiesMatch(post);
        // Whatever stands can still be withdrawn, and is then gone everywhere.
        Api.expect(b.unrepost(toggler.token(), post), 200, "the last unrepost");
        awaitCopiesMatch(post);
        assertThat(a.reposters(post)).isEmpty();
    }

    @Test
    void racingLikesAndUnlikesOverTwoServersCountTheLikesAndAnswerZeroOrOne() throws Exception {
        String post = Api.expect(b.publish(author.token(), "like me", null), 201, "publish").id();
        List<Answer> answers = race(LIKE_TOGGLES, (on, liking) -> liking
                ? on.like(toggler.token(), post) : on.unlike(toggler.token(), post));
        assertThat(answers).as("likes and unlikes").allMatch(answer -> answer.status() == 200);
        // The liker's state as of each answer's read (a racing toggle of theirs may have changed it
        // since the request's own write), counted once: 0 or 1 on a post nobody else likes.
        assertThat(answers).extracting(answer -> answer.body().path("likeCount").asLong())
                .as("the like counts answered to the liker").allSatisfy(count -> assertThat(count).isBetween(0L, 1L));

        await("the like count matches the likes").atMost(CATCH_UP).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
            List<String> likers = a.likers(post);
            assertThat(likers).as("likers").hasSizeLessThanOrEqualTo(1).isEqualTo(b.likers(post));
            assertThat(storedCount(post, "likeCount")).as("stored like count").isEqualTo(likers.size());
            for (Api on : List.of(a, b)) {
                assertThat(Api.expect(on.post(post), 200, "post").body().path("likeCount").asLong())
                        .as("like count served by %s", on.name()).isEqualTo(likers.size());
            }
        });
    }

    /** Waits until the reposters, the timeline, the follower's feeds and the counts agree with the marks. */
    private static void awaitCopiesMatch(String post) {
        await("every copy of the repost matches its mark").atMost(CATCH_UP).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
            List<String> reposters = a.reposters(post);
            assertThat(reposters).as("reposters").hasSizeLessThanOrEqualTo(1).isEqualTo(b.reposters(post));
            int standing = reposters.size();
            assertThat(a.postsBy(toggler.username())).as("the reposter's timeline").hasSize(standing);
            assertThat(b.postsBy(toggler.username())).as("the reposter's timeline on b").hasSize(standing);
            for (Api on : List.of(a, b)) {
                assertThat(on.wholeFeed(follower.token(), 20)).as("the follower's feed on %s", on.name()).hasSize(standing);
                assertThat(Api.expect(on.post(post), 200, "post").body().path("repostCount").asLong())
                        .as("repost count served by %s", on.name()).isEqualTo(standing);
            }
            assertThat(durableFeedSize(follower.id())).as("the follower's durable feed").isEqualTo(standing);
            assertThat(storedCount(post, "repostCount")).as("stored repost count").isEqualTo(standing);
        });
    }

    /**
     * {@code toggles} requests, half of them on (like, repost) and half off, shuffled, each sent
     * alternately to server a or b, all released at one instant; their answers in order.
     */
    private static List<Answer> race(int toggles, Toggle toggle) throws Exception {
        List<Boolean> on = new ArrayList<>();
        for (int i = 0; i < toggles; i++) {
            on.add(i % 2 == 0);
        }
        Collections.shuffle(on, new Random(toggles));
        CountDownLatch start = new CountDownLatch(1);
        List<Callable<Answer>> tasks = new ArrayList<>();
        for (int i = 0; i < toggles; i++) {
            Api server = i % 2 == 0 ? a : b;
            boolean turnOn = on.get(i);
            tasks.add(() -> {
                start.await();
                return toggle.send(server, turnOn);
            });
        }
        try (ExecutorService pool = Executors.newFixedThreadPool(toggles)) {
            List<Future<Answer>> futures = tasks.stream().map(pool::submit).toList();
            start.countDown();
            List<Answer> answers = new ArrayList<>();
            for (Future<Answer> future : futures) {
                answers.add(future.get(2, TimeUnit.MINUTES));
            }
            return answers;
        }
    }

    @FunctionalInterface
    private interface Toggle {
        Answer send(Api server, boolean on);
    }

    /** The post item's count {@code attribute} plus its counter shards' ({@code COUNT#<n>}, once hot). */
    private static long storedCount(String post, String attribute) {
        try (DynamoDbClient dynamo = stack.dynamoClient()) {
            Map<String, AttributeValue> item = dynamo.getItem(GetItemRequest.builder()
                    .tableName(stack.table())
                    .key(Map.of("pk", AttributeValue.fromS("USER#" + author.id()), "sk", AttributeValue.fromS("POST#" + post)))
                    .consistentRead(true)
                    .build()).item();
            long stored = item.containsKey(attribute) ? Long.parseLong(item.get(attribute).n()) : 0;
            return stored + dynamo.queryPaginator(QueryRequest.builder()
                            .tableName(stack.table())
                            .keyConditionExpression("pk = :pk AND begins_with(sk, :prefix)")
                            .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("POST#" + post),
                                    ":prefix", AttributeValue.fromS("COUNT#")))
                            .consistentRead(true)
                            .build())
                    .items().stream()
                    .mapToLong(row -> row.containsKey(attribute) ? Long.parseLong(row.get(attribute).n()) : 0)
                    .sum();
        }
    }

    /** How many items the reader's durable feed holds ({@code FEED#<reader>}). */
    private static long durableFeedSize(String reader) {
        try (DynamoDbClient dynamo = stack.dynamoClient()) {
            return dynamo.queryPaginator(QueryRequest.builder()
                            .tableName(stack.table())
                            .keyConditionExpression("pk = :pk")
                            .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("FEED#" + reader)))
                            .consistentRead(true)
                            .build())
                    .items().stream().count();
        }
    }
}
