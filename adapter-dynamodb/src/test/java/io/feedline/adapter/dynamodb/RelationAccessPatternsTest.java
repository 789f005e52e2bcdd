package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.BlockOutcome;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.Relation;
import io.feedline.ports.model.RelationSet;
import io.feedline.ports.model.UserId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The mute and block access patterns (AP20-AP24 of docs/ARCHITECTURE.md) cost exactly the requests
 * promised, counted on the wire, whatever else the user's partition holds.
 */
class RelationAccessPatternsTest {
    private static final RequestCounter requests = new RequestCounter();
    private static DynamoStorage storage;
    private static final UserId reader = TestIds.userId();
    private static final List<UserId> muted = IntStream.range(0, 25).mapToObj(i -> TestIds.userId()).toList();
    private static final List<UserId> blocked = IntStream.range(0, 5).mapToObj(i -> TestIds.userId()).toList();
    private static final UserId blocker = TestIds.userId();

    @BeforeAll
    static void writeRelationsBesideEdgesAndPosts() {
        storage = LocalDynamo.freshTable("relations", List.of(requests), Retries.DEFAULT);
        muted.forEach(m -> storage.relations().mute(reader, m, Instant.now()));
        blocked.forEach(b -> storage.relations().block(reader, b, Instant.now(), List.of(), List.of()));
        storage.relations().block(blocker, reader, Instant.now(), List.of(), List.of());
        // The reader's partition also holds follow edges and posts, which no relation read touches.
        IntStream.range(0, 10).forEach(i -> storage.followGraph().follow(reader, TestIds.userId(), Instant.now()));
        for (int i = 0; i < 10; i++) {
            PostId id = TestIds.postId();
            storage.posts().publish(new Post(id, reader, TestIds.username(), PostText.of("post " + i),
                    Instant.ofEpochMilli(id.epochMillis()), 0), Optional.empty());
        }
    }

    @AfterAll
    static void close() {
        storage.close();
    }

    @BeforeEach
    void resetCounts() {
        requests.reset();
    }

    @Test
    void ap20TheReadersWholeSetIsOneQuery() {
        RelationSet set = storage.relations().of(reader);

        assertThat(requests.all()).isEqualTo(Map.of("Query", 1));
        assertThat(set).isEqualTo(new RelationSet(Set.copyOf(muted), Set.copyOf(blocked), Set.of(blocker)));
    }

    @Test
    void ap21APageOfMutesOrBlocksIsOneQuery() {
        Page<UserId> first = storage.relations().muted(reader, PageRequest.first(20));
        Page<UserId> second = storage.relations().muted(reader, PageRequest.after(first.next().orElseThrow(), 20));
        Page<UserId> blocks = storage.relations().blocked(reader, PageRequest.first(20));

        assertThat(requests.all()).isEqualTo(Map.of("Query", 3));
        List<UserId> all = new ArrayList<>(first.items());
        all.addAll(second.items());
        assertThat(all).isEqualTo(muted.stream().sorted().toList());
        assertThat(second.next()).isEmpty();
        assertThat(blocks.items()).isEqualTo(blocked.stream().sorted().toList());
    }

    @Test
    void ap22AMuteAnUnmuteAndAnUnblockAreOneTransactionEach() {
        UserId other = TestIds.userId();
        storage.relations().mute(reader, other, Instant.now());
        storage.relations().unmute(reader, other);
        storage.relations().block(reader, other, Instant.now(), List.of(), List.of());
        requests.reset();

        storage.relations().unblock(reader, other);

        assertThat(requests.all()).isEqualTo(Map.of("TransactWriteItems", 1));
    }

    @Test
    void ap23ABlockIsOneBatchReadAndOneTransactionWithItsEdges() {
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();
        storage.followGraph().follow(ann, ben, Instant.now());
        storage.followGraph().follow(ben, ann, Instant.now());
        requests.reset();

        BlockOutcome outcome = storage.relations().block(ann, ben, Instant.now(),
                List.of(new FanoutJob.PurgeAuthor(ann, ben, "b")), List.of(new FanoutJob.PurgeAuthor(ben, ann, "b")));

        assertThat(requests.all()).isEqualTo(Map.of("BatchGetItem", 1, "TransactWriteItems", 1));
        assertThat(outcome).isEqualTo(new BlockOutcome(true, true, true));
    }

    @Test
    void ap24TheBatchedLookupIsOneBatchReadPerHundredKeys() {
        List<UserId> others = new ArrayList<>(muted.subList(0, 10));
        others.add(blocker);
        IntStream.range(0, 29).forEach(i -> others.add(TestIds.userId()));

        Map<UserId, Set<Relation>> found = storage.relations().among(reader, others);

        // Three keys per user: 40 users are 120 keys, two requests.
        assertThat(requests.all()).isEqualTo(Map.of("BatchGetItem", 2));
        assertThat(found).hasSize(11).containsEntry(blocker, Set.of(Relation.BLOCKED_BY));
    }
}
