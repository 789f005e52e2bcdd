package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.testsupport.DynamoLocal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class TableLayoutTest {

    /** Two key families collide when a key could start with both partition and both sort prefixes. */
    private static boolean overlap(String a, String b) {
        return a.startsWith(b) || b.startsWith(a);
    }

    @Test
    void noTwoEntitiesKeyPrefixesCanCollide() {
        List<String> collisions = new ArrayList<>();
        TableLayout.Entity[] entities = TableLayout.Entity.values();
        for (int i = 0; i < entities.length; i++) {
            for (int j = i + 1; j < entities.length; j++) {
                TableLayout.Entity a = entities[i];
                TableLayout.Entity b = entities[j];
                // A repost entry is one of its reposter's timeline entries: it shares the post's
                // family by design (AP2 reads both), and ids are ULIDs unique across both.
                boolean timeline = Set.of(a, b).equals(Set.of(TableLayout.Entity.POST, TableLayout.Entity.REPOST));
                if (!timeline && overlap(a.pkPrefix, b.pkPrefix) && overlap(a.skPrefix, b.skPrefix)) {
                    collisions.add(a + " / " + b);
                }
            }
        }
        TableLayout.IndexEntity[] indexed = TableLayout.IndexEntity.values();
        for (int i = 0; i < indexed.length; i++) {
            for (int j = i + 1; j < indexed.length; j++) {
                if (overlap(indexed[i].pkPrefix, indexed[j].pkPrefix) && overlap(indexed[i].skPrefix, indexed[j].skPrefix)) {
                    collisions.add(indexed[i] + " / " + indexed[j]);
                }
            }
        }

        assertThat(collisions).isEmpty();
        assertThat(List.of(entities)).extracting(e -> e.tag).doesNotHaveDuplicates();
    }

    @Test
    void keysFollowTheDesignTable() {
        UserId user = UserId.of("01HZZZZZZZZZZZZZZZZZZZZZZA");
        UserId other = UserId.of("01HZZZZZZZZZZZZZZZZZZZZZZB");
        PostId post = PostId.of("01HZZZZZZZZZZZZZZZZZZZZZZC");

        assertThat(keyOf(TableLayout.profile(user))).isEqualTo("USER#" + user + " | #PROFILE");
        assertThat(keyOf(TableLayout.counters(user))).isEqualTo("USER#" + user + " | #COUNTERS");
        assertThat(keyOf(TableLayout.usernameClaim(Username.of("Alice")))).isEqualTo("USERNAME#alice | #CLAIM");
        assertThat(keyOf(TableLayout.emailClaim(Email.of("A@Example.org")))).isEqualTo("EMAIL#a@example.org | #CLAIM");
        assertThat(keyOf(TableLayout.post(user, post))).isEqualTo("USER#" + user + " | POST#" + post);
        assertThat(TableLayout.postIndexPk(post) + " | " + TableLayout.postIndexSk()).isEqualTo("POST#" + post + " | POST");
        assertThat(keyOf(TableLayout.postPointer(post))).isEqualTo("POSTID#" + post + " | #AUTHOR");
        assertThat(keyOf(TableLayout.edge(user, other))).isEqualTo("USER#" + user + " | FOLLOWS#" + other);
        assertThat(keyOf(TableLayout.followerEntry(other, user))).isEqualTo("FOLLOWERS#" + other + " | USER#" + user);
        assertThat(TableLayout.followerIndexPk(other) + " | " + TableLayout.followerIndexSk(user))
                .isEqualTo("FOLLOWEDBY#" + other + " | USER#" + user);
        assertThat(keyOf(TableLayout.feedItem(user, post))).isEqualTo("FEED#" + user + " | POST#" + post);
        assertThat(keyOf(TableLayout.like(post, user))).isEqualTo("POST#" + post + " | LIKE#" + user);
        PostId reply = PostId.of("01HZZZZZZZZZZZZZZZZZZZZZZD");
        assertThat(keyOf(TableLayout.reply(post, reply))).isEqualTo("POST#" + post + " | REPLY#" + reply);
        assertThat(keyOf(TableLayout.repostEntry(user, reply))).isEqualTo("USER#" + user + " | POST#" + reply);
        assertThat(keyOf(TableLayout.repostMark(post, user))).isEqualTo("POST#" + post + " | REPOST#" + user);
        assertThat(keyOf(TableLayout.celebrity(user))).isEqualTo("CELEBRITIES | USER#" + user);
        assertThat(keyOf(TableLayout.fanoutJob("deliver:" + post)))
                .matches("FANOUT#[0-" + (TableLayout.FANOUT_SHARDS - 1) + "] \\| deliver:" + post);
    }

    private static String keyOf(Key key) {
        return key.partitionKeyValue().s() + " | " + key.sortKeyValue().orElseThrow().s();
    }

    @Test
    void everyItemCarriesItsEntityAndVersion() {
        try (DynamoStorage storage = LocalDynamo.freshTable("stamps", List.of(), Retries.DEFAULT);
                DynamoDbClient raw = DynamoLocal.shared().client()) {
            UserAccount account = new UserAccount(TestIds.userId(), TestIds.username(), TestIds.email(),
                    DisplayName.of("Stamped"), Bio.EMPTY, Instant.now());
            PostId id = TestIds.postId();
            Post post = new Post(id, account.id(), account.username(), PostText.of("stamped"), Instant.now(), 0);
            UserId reader = TestIds.userId();
            FanoutJob job = new FanoutJob.Deliver(post.ref());
            storage.userAccounts().create(account, new PasswordHash("$test$hash"));
            storage.posts().publish(post, Optional.of(job));
            storage.followGraph().follow(reader, account.id(), Instant.now());
            storage.likes().like(post.ref(), reader, List.of());
            // A batch big enough to make the post hot: its deltas land on a counter shard.
            List<FanoutJob.CountDelta> deltas = java.util.stream.IntStream.range(0, DynamoSettings.DEFAULT_HOT_POST_THRESHOLD)
                    .mapToObj(i -> new FanoutJob.CountDelta(post.ref(), io.feedline.ports.model.CounterKind.LIKES, 1, "c" + i))
                    .toList();
            deltas.forEach(storage.fanoutJobs()::enqueue);
            storage.counters().apply(storage.fanoutJobs().claim("stamps", 100, Instant.now(), java.time.Duration.ofMinutes(1)).stream()
                    .filter(claimed -> claimed.job() instanceof FanoutJob.CountDelta)
                    .toList());
            PostId replyId = TestIds.postId();
            storage.posts().publish(new Post(replyId, account.id(), account.username(), PostText.of("a reply"), Instant.now(), 0)
                    .replyingTo(post.ref()), Optional.empty());
            storage.feedItems().append(List.of(new Delivery(reader, post.ref())));
            storage.celebrityRegistry().mark(account.id());
            storage.idempotencyKeys().claim(reader, IdempotencyKey.of("k-1"), "fp", "token", Instant.now());

            Map<Key, String> expected = Map.ofEntries(
                    Map.entry(TableLayout.profile(account.id()), "user"),
                    Map.entry(TableLayout.usernameClaim(account.username()), "username_claim"),
                    Map.entry(TableLayout.emailClaim(account.email()), "email_claim"),
                    Map.entry(TableLayout.counters(account.id()), "counters"),
                    Map.entry(TableLayout.post(account.id(), id), "post"),
                    Map.entry(TableLayout.postPointer(id), "post_pointer"),
                    Map.entry(TableLayout.edge(reader, account.id()), "follow"),
                    Map.entry(TableLayout.followerEntry(account.id(), reader), "follower"),
                    Map.entry(TableLayout.like(id, reader), "like"),
                    Map.entry(TableLayout.reply(id, replyId), "reply"),
                    Map.entry(shardOf(storage, id), "counter_shard"),
                    Map.entry(TableLayout.feedItem(reader, id), "feed_item"),
                    Map.entry(TableLayout.fanoutJob(job.key()), "fanout_job"),
                    Map.entry(TableLayout.celebrity(account.id()), "celebrity"),
                    Map.entry(TableLayout.idempotencyKey(reader, IdempotencyKey.of("k-1")), "idempotency_key"));
            expected.forEach((key, entity) -> {
                Map<String, AttributeValue> item = raw.getItem(b -> b.tableName(storage.settings().tableName())
                        .key(TableLayout.keyMap(key))).item();
                assertThat(item).as("item %s", keyOf(key)).containsEntry("entity", AttributeValue.fromS(entity))
                        .containsEntry("v", AttributeValue.fromN("1"));
            });
        }
    }

    /** The one counter shard a single batch of the hot post went to. */
    private static Key shardOf(DynamoStorage storage, PostId post) {
        for (int shard = 0; shard < TableLayout.COUNTER_SHARD_COUNT; shard++) {
            if (storage.access().get("shard", TableLayout.counterShard(post, shard)).isPresent()) {
                return TableLayout.counterShard(post, shard);
            }
        }
        throw new AssertionError("no counter shard of " + post);
    }
}
