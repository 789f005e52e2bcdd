package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.Ranking;
import io.feedline.ports.out.Rankings;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Rankings, one item each ({@code RANKING#<name>} / {@code #TOP}): the entries as a list of
 * {@code <id> <owner> <score>} strings (200 entries stay far below the item size limit) and a
 * version. AP41 reads one with a consistent GetItem; AP42 replaces it with one PutItem
 * conditioned on the version read, so refreshers in many processes never overwrite each other.
 */
final class DynamoRankings implements Rankings {
    static final String RANK_VERSION = "rankVersion";
    static final String ENTRIES = "entries";

    private final TableAccess db;

    DynamoRankings(TableAccess db) {
        this.db = db;
    }

    @Override
    public Ranking read(String name) {
        return db.get("AP41_ranking", ExploreLayout.ranking(name))
                .map(item -> new Ranking(name, DynamoPostCounters.number(item, RANK_VERSION),
                        item.isPresent(ENTRIES)
                                ? item.getList(ENTRIES, EnhancedType.of(String.class)).stream().map(DynamoRankings::entry).toList()
                                : List.of()))
                .orElse(Ranking.empty(name));
    }

    @Override
    public boolean replace(Ranking next, long expectedVersion) {
        if (next.version() != expectedVersion + 1) {
            throw new IllegalArgumentException("the next version is the expected one plus one");
        }
        EnhancedDocument.Builder item = TableLayout.Entity.RANKING.document(ExploreLayout.ranking(next.name()))
                .putNumber(RANK_VERSION, next.version());
        if (!next.entries().isEmpty()) {
            item.putList(ENTRIES, next.entries().stream().map(DynamoRankings::stored).toList(), EnhancedType.of(String.class));
        }
        PutItemRequest.Builder put = PutItemRequest.builder()
                .tableName(db.tableName)
                .item(item.build().toMap());
        if (expectedVersion == 0) {
            put.conditionExpression("attribute_not_exists(#pk)").expressionAttributeNames(Map.of("#pk", TableLayout.PK));
        } else {
            put.conditionExpression("#version = :expected")
                    .expressionAttributeNames(Map.of("#version", RANK_VERSION))
                    .expressionAttributeValues(Map.of(":expected", AttributeValue.fromN(Long.toString(expectedVersion))));
        }
        PutItemRequest request = put.build();
        return db.conditionally("AP42_ranking_replace", () -> db.client.putItem(request));
    }

    private static String stored(Ranking.Entry entry) {
        return entry.id() + " " + entry.owner() + " " + entry.score();
    }

    private static Ranking.Entry entry(String stored) {
        String[] parts = stored.split(" ", 3);
        return new Ranking.Entry(parts[0], parts[1], Long.parseLong(parts[2]));
    }
}
