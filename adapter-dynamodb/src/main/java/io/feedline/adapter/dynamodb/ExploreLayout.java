package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;

/**
 * Keys of explore's time index and of the rankings. An entry of the index is
 * {@code EXPLORE#<yyyymmdd>#<shard>} / {@code POST#<id>}: the UTC day of the post's id, and one
 * of {@value #SHARDS} shards chosen from the id, so a post's entry is found again by its id alone
 * (the delete computes it) and the day's writes are spread over {@value #SHARDS} partitions.
 */
final class ExploreLayout {
    /** Write shards per day: the index takes about {@value}x one partition's write rate. */
    static final int SHARDS = 8;
    /** How far back the index goes: entries expire (TTL) and the walk ends there. */
    static final Duration RETENTION = Duration.ofDays(30);
    private static final DateTimeFormatter DAY = DateTimeFormatter.BASIC_ISO_DATE;
    private static final String CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

    private ExploreLayout() {}

    static LocalDate dayOf(PostId id) {
        return Instant.ofEpochMilli(id.epochMillis()).atZone(ZoneOffset.UTC).toLocalDate();
    }

    /** The shard of a post: from the id's random tail, so consecutive posts spread evenly. */
    static int shardOf(PostId id) {
        return Math.floorMod(id.value().hashCode(), SHARDS);
    }

    static String partition(LocalDate day, int shard) {
        return TableLayout.Entity.EXPLORE_ENTRY.pkPrefix + DAY.format(day) + "#" + shard;
    }

    static Key entry(PostId id) {
        return Key.builder()
                .partitionValue(partition(dayOf(id), shardOf(id)))
                .sortValue(TableLayout.Entity.EXPLORE_ENTRY.skPrefix + id.value())
                .build();
    }

    static EnhancedDocument entryDocument(PostRef post) {
        long expires = Instant.ofEpochMilli(post.postId().epochMillis()).plus(RETENTION).plus(Duration.ofDays(1)).getEpochSecond();
        return TableLayout.Entity.EXPLORE_ENTRY.document(entry(post.postId()))
                .putString(TableLayout.POST_ID, post.postId().value())
                .putString(TableLayout.AUTHOR_ID, post.authorId().value())
                .putNumber(TableLayout.TTL, expires)
                .build();
    }

    /** One shard of one day: every entry, newest first when queried backwards. */
    static QueryConditional shard(LocalDate day, int shard) {
        return QueryConditional.sortBeginsWith(k -> k.partitionValue(partition(day, shard))
                .sortValue(TableLayout.Entity.EXPLORE_ENTRY.skPrefix));
    }

    /** The sort key a query starts after to list entries strictly older than {@code before}. */
    static Key startAfter(LocalDate day, int shard, PostId before) {
        return Key.builder()
                .partitionValue(partition(day, shard))
                .sortValue(TableLayout.Entity.EXPLORE_ENTRY.skPrefix + before.value())
                .build();
    }

    /** The smallest id of the first millisecond of {@code day}: "before" it is everything older. */
    static PostId startOf(LocalDate day) {
        long millis = day.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
        char[] ulid = new char[26];
        java.util.Arrays.fill(ulid, '0');
        for (int i = 9; i >= 0; i--) {
            ulid[i] = CROCKFORD.charAt((int) (millis & 31));
            millis >>>= 5;
        }
        return PostId.of(new String(ulid));
    }

    static Key ranking(String name) {
        return Key.builder()
                .partitionValue(TableLayout.Entity.RANKING.pkPrefix + name)
                .sortValue(TableLayout.Entity.RANKING.skPrefix)
                .build();
    }
}
