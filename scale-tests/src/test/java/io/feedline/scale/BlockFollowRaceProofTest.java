package io.feedline.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.feedline.scale.Api.Answer;
import io.feedline.scale.Api.Item;
import io.feedline.testsupport.ThrowawayRedis;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * A block removes the follows both ways whatever races it, across processes: two {@code feedline
 * serve} processes and a worker of the production jar on one DynamoDB, Postgres and Redis. The
 * follower sends its follows to one server while the blocker's block goes to the other; then
 * neither follows the other on either server, both users' counts are exact, and once the worker
 * has done every job of theirs neither durable feed holds a post of the other (a follow that
 * raced in leaves no backfill behind).
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class BlockFollowRaceProofTest {
    private static final String PASSWORD = "block-follow-race-proof";
    private static final int ROUNDS = 3;
    private static final int RACING_FOLLOWS = 20;
    private static final Duration DRAIN = Duration.ofSeconds(90);

    private record Person(String username, String id, String token) {}

    private static ThrowawayRedis redis;
    private static PolyglotStack stack;
    private static FeedlineProcess worker;
    private static Api a;
    private static Api b;
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
        worker = stack.worker("worker");
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
    void followsOnOneServerRacingABlockOnTheOtherNeverOutliveIt() throws Exception {
        try (DynamoDbClient dynamo = stack.dynamoClient()) {
            for (int round = 0; round < ROUNDS; round++) {
                Person follower = person(a, "e" + run + "_" + round);
                Person blocker = person(b, "f" + run + "_" + round);
                List<String> blockersPosts = publish(b, blocker, 2);
                List<String> followersPosts = publish(a, follower, 2);
                // The blocker follows back first, so the block has an edge of its own to remove and purge.
                Api.expect(b.follow(blocker.token(), follower.username()), 200, "the blocker's follow");
                await("the follower's posts in the blocker's feed").atMost(DRAIN).pollInterval(Duration.ofMillis(250))
                        .until(() -> durableFeed(dynamo, blocker.id()).containsAll(followersPosts));

                List<Answer> answers = race(follower, blocker);
                Answer late = a.follow(follower.token(), blocker.username());

                String what = "round " + round + ": ";
                assertThat(answers.getFirst().status()).as(what + "the block on B: %s", answers.getFirst().body()).isEqualTo(200);
                assertThat(answers.subList(1, answers.size())).as(what + "the follows on A")
                        .allSatisfy(answer -> assertThat(answer.status()).as("%s", answer.body()).isIn(200, 403));
                assertThat(late.status()).as(what + "a follow after the block: %s", late.body()).isEqualTo(403);
                for (Api on : List.of(a, b)) {
                    assertThat(on.follows(follower.username(), blocker.username()))
                            .as(what + "the follower follows the blocker, on %s", on.name()).isFalse();
                    assertThat(on.follows(blocker.username(), follower.username()))
                            .as(what + "the blocker follows the follower, on %s", on.name()).isFalse();
                    for (Person person : List.of(follower, blocker)) {
                        Answer profile = Api.expect(on.profile(person.username()), 200, "profile");
                        assertThat(List.of(profile.body().path("followers").asLong(), profile.body().path("following").asLong()))
                                .as(what + "%s's followers and following on %s", person.username(), on.name())
                                .containsExactly(0L, 0L);
                    }
                }
                await(what + "the worker done with both users' jobs, and their feeds clean")
                        .atMost(DRAIN).pollInterval(Duration.ofMillis(250))
                        .until(() -> pendingJobsNaming(dynamo, follower.id(), blocker.id()) == 0
                                && durableFeed(dynamo, follower.id()).stream().noneMatch(blockersPosts::contains)
                                && durableFeed(dynamo, blocker.id()).stream().noneMatch(followersPosts::contains));
                assertThat(worker.alive()).as("the worker").isTrue();
                for (Api on : List.of(a, b)) {
                    assertThat(on.wholeFeed(follower.token(), 20)).extracting(Item::id)
                            .as(what + "the follower's feed on %s", on.name()).doesNotContainAnyElementsOf(blockersPosts);
                    assertThat(on.wholeFeed(blocker.token(), 20)).extracting(Item::id)
                            .as(what + "the blocker's feed on %s", on.name()).doesNotContainAnyElementsOf(followersPosts);
                }
            }
        }
    }

    private static Person person(Api on, String name) {
        Answer account = Api.expect(on.register(name, name + "@example.org", PASSWORD), 201, "sign-up of " + name);
        return new Person(name, account.id(), on.login(name, PASSWORD));
    }

    private static List<String> publish(Api on, Person author, int posts) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < posts; i++) {
            ids.add(Api.expect(on.publish(author.token(), author.username() + " " + i, null), 201, "publish").id());
        }
        return ids;
    }

    /** The block on B (answer 0) and the follows on A, released together; the answers in that order. */
    private static List<Answer> race(Person follower, Person blocker) throws Exception {
        List<Callable<Answer>> requests = new ArrayList<>();
        requests.add(() -> b.block(blocker.token(), follower.username()));
        for (int i = 0; i < RACING_FOLLOWS; i++) {
            requests.add(() -> a.follow(follower.token(), blocker.username()));
        }
        CountDownLatch go = new CountDownLatch(1);
        try (ExecutorService pool = Executors.newFixedThreadPool(requests.size())) {
            List<Future<Answer>> sent = new ArrayList<>();
            for (Callable<Answer> request : requests) {
                sent.add(pool.submit(() -> {
                    go.await();
                    return request.call();
                }));
            }
            go.countDown();
            List<Answer> answers = new ArrayList<>();
            for (Future<Answer> answer : sent) {
                try {
                    answers.add(answer.get(2, TimeUnit.MINUTES));
                } catch (TimeoutException e) {
                    throw new AssertionError("a racing request got no answer within 2 minutes", e);
                }
            }
            return answers;
        }
    }

    /** The reader's durable feed items ({@code FEED#<reader>}, {@code POST#<id>}): their post ids. */
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

    /** The outbox jobs ({@code FANOUT#<shard>}, keyed by the job) whose key names either user: purges, notifications. */
    private static long pendingJobsNaming(DynamoDbClient dynamo, String first, String second) {
        return dynamo.scanPaginator(ScanRequest.builder()
                        .tableName(stack.table())
                        .filterExpression("begins_with(pk, :outbox) AND (contains(sk, :first) OR contains(sk, :second))")
                        .expressionAttributeValues(Map.of(":outbox", AttributeValue.fromS("FANOUT#"),
                                ":first", AttributeValue.fromS(first), ":second", AttributeValue.fromS(second)))
                        .consistentRead(true)
                        .build())
                .items().stream().count();
    }
}
