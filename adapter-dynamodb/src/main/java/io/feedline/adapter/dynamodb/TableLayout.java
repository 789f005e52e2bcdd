package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.JobLane;
import io.feedline.ports.model.MediaId;
import io.feedline.ports.model.CounterKind;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.Slug;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverterProvider;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.document.DocumentTableSchema;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The single table (ADR-0001): every key format, attribute name and key prefix lives here, with one
 * typed key-builder per access pattern. Nothing else in the adapter spells a prefix.
 */
public final class TableLayout {

    /** The table's name unless configured otherwise. */
    public static final String DEFAULT_TABLE_NAME = "feedline";
    /**
     * The first global secondary index: followers (AP5) and posts by id (AP3), read only for the
     * edges and posts written before their {@link Entity#FOLLOWER_ENTRY} and
     * {@link Entity#POST_POINTER} existed.
     */
    public static final String GSI1 = "gsi1";
    /**
     * The second, sparse global secondary index: only outbox jobs carry its keys, so one Query per
     * shard returns exactly the claimable jobs, longest-waiting first (AP7).
     */
    public static final String GSI2 = "gsi2";

    static final String PK = "pk";
    static final String SK = "sk";
    static final String GSI1_PK = "gsi1pk";
    static final String GSI1_SK = "gsi1sk";
    static final String GSI2_PK = "gsi2pk";
    static final String GSI2_SK = "gsi2sk";
    static final String ENTITY = "entity";
    static final String VERSION = "v";
    static final String TTL = "ttl";

    // Attributes of the items beside their keys.
    static final String POST_ID = "postId";
    static final String AUTHOR_ID = "authorId";
    static final String AUTHOR_USERNAME = "authorUsername";
    static final String TEXT = "text";
    static final String CREATED_AT = "createdAt";
    static final String LIKE_COUNT = "likeCount";
    static final String REPLY_COUNT = "replyCount";
    static final String REPOST_COUNT = "repostCount";
    /** On a hot post's item: how many counter shards its counts are spread over (absent: none). */
    static final String COUNTER_SHARDS = "counterShards";
    static final String COUNTER_KIND = "counter";
    static final String DELTA = "delta";
    static final String CHANGE_ID = "changeId";
    static final String REPOST_ID = "repostId";
    static final String REPOST_OF = "repostOf";
    static final String REPOST_OF_AUTHOR = "repostOfAuthor";
    static final String IN_REPLY_TO = "inReplyTo";
    static final String IN_REPLY_TO_AUTHOR = "inReplyToAuthor";
    static final String MENTIONS = "mentions";
    static final String USER_ID = "userId";
    static final String FOLLOWER_ID = "followerId";
    static final String FOLLOWEE_ID = "followeeId";
    static final String USERNAME = "username";
    static final String EMAIL = "email";
    static final String DISPLAY_NAME = "displayName";
    static final String BIO = "bio";
    static final String PASSWORD_HASH = "passwordHash";
    /** On a profile: the media store keys of its avatar's and header's two objects, absent while none is set. */
    static final String AVATAR_ORIGINAL = "avatarOriginal";
    static final String AVATAR_SMALL = "avatarSmall";
    static final String HEADER_ORIGINAL = "headerOriginal";
    static final String HEADER_SMALL = "headerSmall";
    /** On a profile: its fields' names and values, two lists of strings of one length, absent while empty. */
    static final String FIELD_NAMES = "fieldNames";
    static final String FIELD_VALUES = "fieldValues";
    static final String FOLLOWERS = "followers";
    static final String FOLLOWING = "following";
    /** On the counters item: how many times an edge into the user was removed, ever (see {@link DynamoFollowGraph#unfollowCounts}). */
    static final String UNFOLLOWS = "unfollows";
    static final String POSTS = "posts";
    static final String JOB_KIND = "kind";
    static final String READER_ID = "readerId";
    static final String AVAILABLE_AT = "availableAt";
    static final String LEASE_OWNER = "leaseOwner";
    static final String ATTEMPTS = "attempts";
    static final String CHECKPOINT = "checkpoint";
    static final String FINGERPRINT = "fingerprint";
    static final String STATE = "state";
    static final String SINCE = "since";
    static final String RESULT = "result";
    static final String CLAIM_TOKEN = "claimToken";
    static final String UNFOLLOW_ID = "unfollowId";
    /** The follow a backfill job copies for: one job per follow, so a re-follow never merges into a running one. */
    static final String FOLLOW_ID = "followId";
    static final String NOTIFICATION_TYPE = "notificationType";
    static final String ACTORS = "actors";
    static final String ACTOR_COUNT = "actorCount";
    static final String SUBSCRIBER_ID = "subscriberId";
    static final String SUBSCRIBERS = "subscribers";
    static final String LATEST_AT = "latestAt";
    static final String REVISION = "revision";
    static final String READ_UP_TO = "readUpTo";
    static final String AT = "at";
    static final String TARGET_ID = "targetId";
    static final String TAG = "tag";
    static final String TAGS = "tags";
    static final String ENTITY_REF = "entityRef";
    static final String USES = "uses";
    static final String COMPUTED_AT = "computedAt";
    static final String RANKING = "ranking";
    static final String TITLE = "title";
    static final String SLUG = "slug";
    static final String ARTICLE_STATUS = "articleStatus";
    /** A post's attachments, copied from their records when it is published. */
    static final String MEDIA = "media";

    /** Items of every kind are handled as schemaless documents keyed by these four attributes. */
    static final DocumentTableSchema SCHEMA = TableSchema.documentSchemaBuilder()
            .addIndexPartitionKey(TableMetadata.primaryIndexName(), PK, AttributeValueType.S)
            .addIndexSortKey(TableMetadata.primaryIndexName(), SK, AttributeValueType.S)
            .addIndexPartitionKey(GSI1, GSI1_PK, AttributeValueType.S)
            .addIndexSortKey(GSI1, GSI1_SK, AttributeValueType.S)
            .addIndexPartitionKey(GSI2, GSI2_PK, AttributeValueType.S)
            .addIndexSortKey(GSI2, GSI2_SK, AttributeValueType.S)
            .attributeConverterProviders(AttributeConverterProvider.defaultProvider())
            .build();

    /**
     * Every kind of item, with the fixed start of its partition and sort keys. The sort prefix of
     * the fan-out job is empty: its sort key is the job's own key, and its partition prefix is
     * unique.
     */
    enum Entity {
        PROFILE("user", "USER#", "#PROFILE"),
        USERNAME_CLAIM("username_claim", "USERNAME#", "#CLAIM"),
        EMAIL_CLAIM("email_claim", "EMAIL#", "#CLAIM"),
        COUNTERS("counters", "USER#", "#COUNTERS"),
        POST("post", "USER#", "POST#"),
        POST_POINTER("post_pointer", "POSTID#", "#AUTHOR"),
        /** A repost's entry in its reposter's timeline: the post's key family on purpose, so AP2 reads both. */
        REPOST("repost", "USER#", "POST#"),
        FOLLOW_EDGE("follow", "USER#", "FOLLOWS#"),
        FOLLOWER_ENTRY("follower", "FOLLOWERS#", "USER#"),
        FEED_ITEM("feed_item", "FEED#", "POST#"),
        LIKE("like", "POST#", "LIKE#"),
        /** A like seen from its user, {@code USER#<u>} / {@code LIKED#<post>}: written and deleted with the like. */
        LIKED("liked", "USER#", "LIKED#"),
        REPLY("reply", "POST#", "REPLY#"),
        COUNTER_SHARD("counter_shard", "POST#", "COUNT#"),
        REPOST_MARK("repost_mark", "POST#", "REPOST#"),
        FANOUT_JOB("fanout_job", "FANOUT#", ""),
        CELEBRITY("celebrity", "CELEBRITIES", "USER#"),
        IDEMPOTENCY_KEY("idempotency_key", "IDEMPOTENCY#", "KEY#"),
        REVOKED_TOKEN("revoked_token", "REVOKED#", "#TOKEN"),
        NOTIFICATION("notification", "NOTIF#", "N#"),
        NOTIFICATION_ACTOR("notification_actor", "NOTIF#", "A#"),
        READ_MARKER("read_marker", "NOTIF#", "#READ"),
        /** A mute, in the muter's partition; every relation's sort key starts with {@link #RELATION_PREFIX}. */
        MUTE("mute", "USER#", "REL#MUTE#"),
        BLOCK("block", "USER#", "REL#BLOCK#"),
        /** A block's reverse entry, in the blocked user's partition: written and deleted with the block. */
        BLOCKED_BY("blocked_by", "USER#", "REL#BLOCKEDBY#"),
        /** A tagged post in its tag's partition ({@link TagLayout}): the tag page, written with the post. */
        TAG_POST("tag_post", "TAG#", "POST#"),
        /** A follow edge to an entity of any kind but user, under the reader ({@link TagLayout}). */
        ENTITY_EDGE("entity_follow", "USER#", "FOLLOWING#"),
        /** The entity edge seen from the entity: {@code FOLLOWERS_OF#<KIND>#<key>} / {@code USER#<reader>}. */
        ENTITY_FOLLOWER("entity_follower", "FOLLOWERS_OF#", "USER#"),
        /** An entity's follower count: {@code ENTITY#<KIND>#<key>} / {@code #COUNTERS}. */
        ENTITY_COUNTERS("entity_counters", "ENTITY#", "#COUNTERS"),
        /** A reader's count of followed entities of one kind: {@code USER#<reader>} / {@code #FOLLOWING#<KIND>}. */
        ENTITY_FOLLOWING_COUNT("entity_following_count", "USER#", "#FOLLOWING#"),
        /** A hot entity (past the celebrity threshold, sticky): {@code HOT#<KIND>} / {@code <key>}. */
        HOT_ENTITY("hot_entity", "HOT#", ""),
        /** A tag's uses in one UTC hour: {@code TAGUSE#<yyyyMMddHH>} / {@code <tag>}. */
        TAG_USE("tag_use", "TAGUSE#", ""),
        /** A tag's uses ever, listed by its first character for autocomplete: {@code TAGNAME#<c>} / {@code <tag>}. */
        TAG_NAME("tag_name", "TAGNAME#", ""),
        /** The precomputed trending ranking: {@code TRENDING} / {@code #24H}. */
        TRENDING("trending", "TRENDING", "#24H"),
        SUBSCRIPTION("subscription", "SUBSCRIBERS#", "USER#"),
        SUBSCRIPTION_COUNT("subscription_count", "SUBSCRIBERS#", "#COUNT"),
        /** Explore's time index: {@code EXPLORE#<yyyymmdd>#<shard>} / {@code POST#<id>} (see {@link ExploreLayout}). */
        EXPLORE_ENTRY("explore_entry", "EXPLORE#", "POST#"),
        /** A precomputed ranking, one item: {@code RANKING#<name>} / {@code #TOP}. */
        RANKING("ranking", "RANKING#", "#TOP"),
        /**
         * An article's slug in its author's partition, {@code USER#<a>} / {@code SLUG#<slug>}: put only
         * if absent in the article's own write (a draft's or a post's), so a slug is unique per author.
         */
        ARTICLE_SLUG("article_slug", "USER#", "SLUG#"),
        /** A draft article, {@code USER#<a>} / {@code DRAFT#<id>}: no post, so no read of posts meets it. */
        DRAFT("draft", "USER#", "DRAFT#"),
        /** A published article in its author's list, {@code USER#<a>} / {@code ARTICLE#<post id>}: written and deleted with the post. */
        ARTICLE_ENTRY("article_entry", "USER#", "ARTICLE#"),
        /** What a published draft became, {@code USER#<a>} / {@code PUBLISHED#<draft id>}: {@code postId}. */
        PUBLISHED_DRAFT("published_draft", "USER#", "PUBLISHED#"),
        /**
         * That an upgrade of the table's items has run to its end, {@code MIGRATION#<name>} / {@code
         * #DONE} (see {@link FollowerEntryBackfill}).
         */
        MIGRATION("migration", "MIGRATION#", "#DONE"),
        /**
         * An attachment's record, {@code MEDIA#<id>} / {@code #MEDIA}; while unattached it also waits
         * in GSI2's {@code MEDIA_UNATTACHED} partition by creation time (see {@link DynamoMediaAttachments}).
         */
        MEDIA("media", "MEDIA#", "#MEDIA");

        final String tag;
        final String pkPrefix;
        final String skPrefix;
        /** The item format's version, stamped on each item so that a later format can migrate. */
        final int version = 1;

        Entity(String tag, String pkPrefix, String skPrefix) {
            this.tag = tag;
            this.pkPrefix = pkPrefix;
            this.skPrefix = skPrefix;
        }

        /** A document builder with this entity's key and its {@code entity} and {@code v} stamps. */
        EnhancedDocument.Builder document(Key key) {
            return EnhancedDocument.builder()
                    .attributeConverterProviders(AttributeConverterProvider.defaultProvider())
                    .putString(PK, key.partitionKeyValue().s())
                    .putString(SK, key.sortKeyValue().orElseThrow().s())
                    .putString(ENTITY, tag)
                    .putNumber(VERSION, version);
        }
    }

    /** The GSI1 key families: posts by id, and follow edges by followee. */
    enum IndexEntity {
        POST_BY_ID("POST#", "POST"),
        FOLLOWER_EDGE("FOLLOWEDBY#", "USER#");

        final String pkPrefix;
        final String skPrefix;

        IndexEntity(String pkPrefix, String skPrefix) {
            this.pkPrefix = pkPrefix;
            this.skPrefix = skPrefix;
        }
    }

    /**
     * The GSI2 key family of outbox jobs: {@code FANOUT_READY#<shard>} / {@code <ready-at>#<job key>},
     * where ready-at is the epoch millisecond from which the job may be claimed (its enqueue time,
     * then each lease's or backoff's end), zero-padded so that the string order is the time order.
     * The relations lane's jobs wait in {@code FANOUT_READY#relations} instead (ADR-0021): a claim
     * of that lane reads only them, however many deliveries wait in the shards.
     */
    static final String FANOUT_READY_PREFIX = "FANOUT_READY#";
    static final String RELATIONS_READY_PK = FANOUT_READY_PREFIX + "relations";
    private static final int READY_AT_DIGITS = 15;

    /** Posts sort after the #-keys of their author's partition and before nothing else there. */
    static final String POST_PREFIX = Entity.POST.skPrefix;

    /** A small fixed number of outbox partitions: enough to spread writes, few enough to poll. */
    static final int FANOUT_SHARDS = 4;

    private TableLayout() {}

    private static Key key(Entity entity, String pkSuffix, String skSuffix) {
        return Key.builder()
                .partitionValue(entity.pkPrefix + pkSuffix)
                .sortValue(entity.skPrefix + skSuffix)
                .build();
    }

    static Map<String, AttributeValue> keyMap(Key key) {
        return key.primaryKeyMap(SCHEMA);
    }

    // --- users (when users = dynamodb)

    static Key profile(UserId user) {
        return key(Entity.PROFILE, user.value(), "");
    }

    static Key usernameClaim(Username username) {
        return key(Entity.USERNAME_CLAIM, username.value(), "");
    }

    /** The username a username claim's partition key holds. */
    static Username claimedUsername(String claimPk) {
        return Username.of(claimPk.substring(Entity.USERNAME_CLAIM.pkPrefix.length()));
    }

    static Key emailClaim(Email email) {
        return key(Entity.EMAIL_CLAIM, email.value(), "");
    }

    static Key counters(UserId user) {
        return key(Entity.COUNTERS, user.value(), "");
    }

    /** The user whose counters item has partition key {@code pk}. */
    static UserId userOfCounters(String pk) {
        return UserId.of(pk.substring(Entity.COUNTERS.pkPrefix.length()));
    }

    // --- posts

    static Key post(UserId author, PostId post) {
        return key(Entity.POST, author.value(), post.value());
    }

    static String postIndexPk(PostId post) {
        return IndexEntity.POST_BY_ID.pkPrefix + post.value();
    }

    static String postIndexSk() {
        return IndexEntity.POST_BY_ID.skPrefix;
    }

    /** AP2: the author's partition, posts only. */
    static QueryConditional authorTimeline(UserId author) {
        return every(Entity.POST, author.value());
    }

    /**
     * AP3: where a post id finds its author, written and deleted with the post. It is read strongly
     * consistent, which no index allows, so a post is found by id the moment its publish answers.
     */
    static Key postPointer(PostId post) {
        return key(Entity.POST_POINTER, post.value(), "");
    }

    /** AP3 for a post written before pointers existed: the post's GSI1 partition. */
    static QueryConditional postById(PostId post) {
        return QueryConditional.keyEqualTo(k -> k.partitionValue(postIndexPk(post)).sortValue(postIndexSk()));
    }

    // --- articles

    static Key articleSlug(UserId author, Slug slug) {
        return key(Entity.ARTICLE_SLUG, author.value(), slug.value());
    }

    /** AP48's first half: the author's slugs from {@code base} on, in slug order. */
    static QueryConditional slugsFrom(UserId author, Slug base) {
        return QueryConditional.sortBeginsWith(k -> k.partitionValue(Entity.ARTICLE_SLUG.pkPrefix + author.value())
                .sortValue(Entity.ARTICLE_SLUG.skPrefix + base.value()));
    }

    static Key draft(UserId author, PostId draft) {
        return key(Entity.DRAFT, author.value(), draft.value());
    }

    /** AP49: the author's drafts. */
    static QueryConditional drafts(UserId author) {
        return every(Entity.DRAFT, author.value());
    }

    static Key articleEntry(UserId author, PostId post) {
        return key(Entity.ARTICLE_ENTRY, author.value(), post.value());
    }

    /** AP47: the author's published articles. */
    static QueryConditional articles(UserId author) {
        return every(Entity.ARTICLE_ENTRY, author.value());
    }

    static Key publishedDraft(UserId author, PostId draft) {
        return key(Entity.PUBLISHED_DRAFT, author.value(), draft.value());
    }

    /** The marker of the upgrade {@code name}: present once it has run to its end. */
    static Key migration(String name) {
        return key(Entity.MIGRATION, name, "");
    }

    // --- follow graph

    /** AP6: one edge. */
    static Key edge(UserId follower, UserId followee) {
        return key(Entity.FOLLOW_EDGE, follower.value(), followee.value());
    }

    static String followerIndexPk(UserId followee) {
        return IndexEntity.FOLLOWER_EDGE.pkPrefix + followee.value();
    }

    /** The start every follow edge's GSI1 partition key shares (and no post's). */
    static String followerIndexPrefix() {
        return IndexEntity.FOLLOWER_EDGE.pkPrefix;
    }

    static String followerIndexSk(UserId follower) {
        return IndexEntity.FOLLOWER_EDGE.skPrefix + follower.value();
    }

    /** AP4: the edges out of {@code user}. */
    static QueryConditional following(UserId user) {
        return every(Entity.FOLLOW_EDGE, user.value());
    }

    /** A subscriber of {@code author}'s posts, in the author's own subscriber partition. */
    static Key subscription(UserId author, UserId subscriber) {
        return key(Entity.SUBSCRIPTION, author.value(), subscriber.value());
    }

    /** The number of {@code author}'s subscribers, in the same partition. */
    static Key subscriptionCount(UserId author) {
        return key(Entity.SUBSCRIPTION_COUNT, author.value(), "");
    }

    /** AP19: {@code author}'s subscribers, in subscriber id order. */
    static QueryConditional subscribers(UserId author) {
        return every(Entity.SUBSCRIPTION, author.value());
    }

    /**
     * The edge seen from the followee's side, written and deleted with the edge, so that AP5 can
     * read a followee's followers strongly consistent, which no index allows.
     */
    static Key followerEntry(UserId followee, UserId follower) {
        return key(Entity.FOLLOWER_ENTRY, followee.value(), follower.value());
    }

    /** AP5: the follower entries of {@code user}, in follower id order. */
    static QueryConditional followerEntries(UserId user) {
        return every(Entity.FOLLOWER_ENTRY, user.value());
    }

    /** AP5 for edges written before follower entries existed: the edges into {@code user}, on GSI1. */
    static QueryConditional followers(UserId user) {
        return QueryConditional.sortBeginsWith(k -> k.partitionValue(followerIndexPk(user))
                .sortValue(IndexEntity.FOLLOWER_EDGE.skPrefix));
    }

    /** Where AP4 resumes after {@code last}. */
    static Map<String, AttributeValue> followingStart(UserId user, UserId last) {
        return keyMap(edge(user, last));
    }

    /** Where AP5 resumes after {@code last}: GSI keys plus the table keys of that edge. */
    static Map<String, AttributeValue> followersStart(UserId user, UserId last) {
        return Map.of(
                PK, s(Entity.FOLLOW_EDGE.pkPrefix + last.value()),
                SK, s(Entity.FOLLOW_EDGE.skPrefix + user.value()),
                GSI1_PK, s(followerIndexPk(user)),
                GSI1_SK, s(followerIndexSk(last)));
    }

    /** The followee id from an edge's sort key. */
    static UserId followeeOf(String edgeSk) {
        return UserId.of(edgeSk.substring(Entity.FOLLOW_EDGE.skPrefix.length()));
    }

    /** The follower id from an edge's partition key. */
    static UserId followerOf(String edgePk) {
        return UserId.of(edgePk.substring(Entity.FOLLOW_EDGE.pkPrefix.length()));
    }

    // --- feeds

    static Key feedItem(UserId reader, PostId post) {
        return key(Entity.FEED_ITEM, reader.value(), post.value());
    }

    /** AP1: the reader's feed partition. */
    static QueryConditional homeFeed(UserId reader) {
        return every(Entity.FEED_ITEM, reader.value());
    }

    // --- likes

    static Key like(PostId post, UserId user) {
        return key(Entity.LIKE, post.value(), user.value());
    }

    static Key liked(UserId user, PostId post) {
        return key(Entity.LIKED, user.value(), post.value());
    }

    /** AP58: the posts a user likes, by post id. */
    static QueryConditional likedBy(UserId user) {
        return every(Entity.LIKED, user.value());
    }

    // --- reposts

    /** A repost's entry in its reposter's timeline (AP2 lists it among the reposter's posts). */
    static Key repostEntry(UserId reposter, PostId repost) {
        return key(Entity.REPOST, reposter.value(), repost.value());
    }

    /** The reposter's mark on the original, in the original's partition: one per user and post. */
    static Key repostMark(PostId original, UserId reposter) {
        return key(Entity.REPOST_MARK, original.value(), reposter.value());
    }

    /** AP15: the original's partition, repost marks only. */
    /** AP43: a post's likes, in user id order. */
    static QueryConditional likes(PostId post) {
        return every(Entity.LIKE, post.value());
    }

    static QueryConditional repostMarks(PostId original) {
        return every(Entity.REPOST_MARK, original.value());
    }

    // --- threads

    /** A reply's entry in its parent's thread. */
    static Key reply(PostId parent, PostId reply) {
        return key(Entity.REPLY, parent.value(), reply.value());
    }

    /** AP9: the parent's partition, thread entries only, oldest first by reply id. */
    static QueryConditional thread(PostId parent) {
        return every(Entity.REPLY, parent.value());
    }

    // --- counter shards

    /**
     * Counter shards of a hot post: its counts are its item's counts plus the sum over these
     * shards, so concurrent processors spread their ADDs over {@value #COUNTER_SHARD_COUNT} items.
     */
    static final int COUNTER_SHARD_COUNT = 8;

    static Key counterShard(PostId post, int shard) {
        return key(Entity.COUNTER_SHARD, post.value(), Integer.toString(shard));
    }

    /** The attribute that holds a count of this kind, on a post item and on its shards alike. */
    static String countAttribute(CounterKind kind) {
        return switch (kind) {
            case LIKES -> LIKE_COUNT;
            case REPLIES -> REPLY_COUNT;
            case REPOSTS -> REPOST_COUNT;
        };
    }

    // --- outbox

    static Key fanoutJob(String jobKey) {
        return key(Entity.FANOUT_JOB, Integer.toString(shardOf(jobKey)), jobKey);
    }

    static QueryConditional fanoutShard(int shard) {
        return QueryConditional.keyEqualTo(k -> k.partitionValue(Entity.FANOUT_JOB.pkPrefix + shard));
    }

    static String fanoutReadyPk(int shard) {
        return FANOUT_READY_PREFIX + shard;
    }

    /** Where a job of {@code lane} waits on GSI2: its shard's partition, or the relations lane's. */
    static String fanoutReadyPk(JobLane lane, String jobKey) {
        return lane == JobLane.RELATIONS ? RELATIONS_READY_PK : fanoutReadyPk(shardOf(jobKey));
    }

    /** The GSI2 partitions a claim of {@code lane} reads. */
    static List<String> fanoutReadyPks(JobLane lane) {
        return lane == JobLane.RELATIONS
                ? List.of(RELATIONS_READY_PK)
                : IntStream.range(0, FANOUT_SHARDS).mapToObj(TableLayout::fanoutReadyPk).toList();
    }

    /** Every GSI2 partition of the outbox, both lanes. */
    static List<String> fanoutReadyPks() {
        return Arrays.stream(JobLane.values()).flatMap(lane -> fanoutReadyPks(lane).stream()).toList();
    }

    /** The job's GSI2 sort key: claimable from {@code readyAtMillis} on. */
    static String fanoutReadySk(long readyAtMillis, String jobKey) {
        return readyAt(readyAtMillis) + "#" + jobKey;
    }

    /** The epoch millisecond a GSI2 sort key says the job became claimable. */
    static long readyAtOf(String readySk) {
        return Long.parseLong(readySk.substring(0, READY_AT_DIGITS));
    }

    private static String readyAt(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("a job cannot be ready before the epoch: " + millis);
        }
        String digits = Long.toString(millis);
        return "0".repeat(READY_AT_DIGITS - digits.length()) + digits;
    }

    /** AP7: the jobs of one GSI2 outbox partition claimable at {@code atMillis}, longest-waiting first. */
    static QueryConditional claimableJobs(String readyPk, long atMillis) {
        // Every sort key of a job ready at or before atMillis is below the bare time of the next millisecond.
        return QueryConditional.sortLessThan(k -> k.partitionValue(readyPk).sortValue(readyAt(atMillis + 1)));
    }

    /** A stable shard for a job key, so that a replayed enqueue lands on the same item. */
    static int shardOf(String jobKey) {
        return Math.floorMod(jobKey.hashCode(), FANOUT_SHARDS);
    }

    // --- media records

    /** The GSI2 partition of unattached media records, sorted by creation time. */
    static final String MEDIA_UNATTACHED_PK = "MEDIA_UNATTACHED";

    static Key media(MediaId id) {
        return key(Entity.MEDIA, id.value(), "");
    }

    /** An unattached record's GSI2 sort key: its creation time, then its id. */
    static String mediaUnattachedSk(long createdAtMillis, MediaId id) {
        return readyAt(createdAtMillis) + "#" + id.value();
    }

    /** AP54: the unattached records created strictly before {@code cutoffMillis}, oldest first. */
    static QueryConditional unattachedMediaBefore(long cutoffMillis) {
        // A record of cutoffMillis itself sorts after the bare time, so "less than" keeps it out.
        return QueryConditional.sortLessThan(k -> k.partitionValue(MEDIA_UNATTACHED_PK).sortValue(readyAt(cutoffMillis)));
    }

    // --- celebrities

    static Key celebrity(UserId user) {
        return key(Entity.CELEBRITY, "", user.value());
    }

    /** A revoked bearer token, by its id ({@code jti}); the item expires with the token (TTL). */
    static Key revokedToken(String tokenId) {
        if (tokenId == null || !tokenId.matches("[A-Za-z0-9_-]{1,128}")) {
            throw new IllegalArgumentException("a token id is 1-128 characters of A-Z, a-z, 0-9, _ and -");
        }
        return key(Entity.REVOKED_TOKEN, tokenId, "");
    }

    static QueryConditional celebrities() {
        return QueryConditional.keyEqualTo(k -> k.partitionValue(Entity.CELEBRITY.pkPrefix));
    }

    static UserId celebrityOf(String sk) {
        return UserId.of(sk.substring(Entity.CELEBRITY.skPrefix.length()));
    }

    // --- notifications: the recipient's own partition, rows (N#) after the actor markers (A#) and the read marker (#READ)

    /** One row of the recipient's notifications feed. */
    static Key notification(UserId recipient, String notificationId) {
        return key(Entity.NOTIFICATION, recipient.value(), notificationId);
    }

    /** That {@code actor} is counted in the row: written once, under a condition, with the row's update. */
    static Key notificationActor(UserId recipient, String notificationId, UserId actor) {
        return key(Entity.NOTIFICATION_ACTOR, recipient.value(), notificationId + "#" + actor.value());
    }

    /** AP11: the recipient's read marker. */
    static Key readMarker(UserId recipient) {
        return key(Entity.READ_MARKER, recipient.value(), "");
    }

    static String notificationsPk(UserId recipient) {
        return Entity.NOTIFICATION.pkPrefix + recipient.value();
    }

    /** The sort key of a row; every row's sort key is above every other item's in the partition. */
    static String notificationSk(String notificationId) {
        return Entity.NOTIFICATION.skPrefix + notificationId;
    }

    /** The row prefix, for AP10 (rows newest first) and AP12 (rows above the read marker). */
    static final String NOTIFICATION_PREFIX = Entity.NOTIFICATION.skPrefix;

    static String notificationIdOf(String sk) {
        return sk.substring(Entity.NOTIFICATION.skPrefix.length());
    }

    // --- idempotency keys

    static Key idempotencyKey(UserId user, IdempotencyKey key) {
        return key(Entity.IDEMPOTENCY_KEY, user.value(), key.value());
    }

    // --- mutes and blocks: the user's own partition, sort keys under REL#

    /** The sort prefix every relation of a user shares, so that AP20 reads them all in one Query. */
    static final String RELATION_PREFIX = "REL#";

    static Key mute(UserId muter, UserId target) {
        return key(Entity.MUTE, muter.value(), target.value());
    }

    static Key block(UserId blocker, UserId target) {
        return key(Entity.BLOCK, blocker.value(), target.value());
    }

    static Key blockedBy(UserId blocked, UserId blocker) {
        return key(Entity.BLOCKED_BY, blocked.value(), blocker.value());
    }

    /** AP20: every relation of {@code user} (mutes, blocks, blocked-by), in one Query. */
    static QueryConditional relations(UserId user) {
        return QueryConditional.sortBeginsWith(k -> k.partitionValue(Entity.MUTE.pkPrefix + user.value())
                .sortValue(RELATION_PREFIX));
    }

    /** AP21: the relations of one kind ({@link Entity#MUTE} or {@link Entity#BLOCK}), in target id order. */
    static QueryConditional relationsOfKind(Entity kind, UserId user) {
        return every(kind, user.value());
    }

    /** Every item of {@code entity} in the partition of {@code owner}, in sort key order. */
    private static QueryConditional every(Entity entity, String owner) {
        return QueryConditional.sortBeginsWith(k -> k.partitionValue(entity.pkPrefix + owner).sortValue(entity.skPrefix));
    }

    /** The relation entity a sort key under {@link #RELATION_PREFIX} belongs to. */
    static Entity relationKindOf(String sk) {
        // BLOCKEDBY's prefix does not start with BLOCK's ("REL#BLOCK#" vs "REL#BLOCKEDBY#"), so the order does not matter.
        for (Entity kind : new Entity[] {Entity.MUTE, Entity.BLOCK, Entity.BLOCKED_BY}) {
            if (sk.startsWith(kind.skPrefix)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("not a relation's sort key: " + sk);
    }

    static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
