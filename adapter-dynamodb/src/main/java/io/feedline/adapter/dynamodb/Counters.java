package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.UserId;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The per-user counters item ({@code USER#<id>} / {@code #COUNTERS}). It only ever changes by ADD,
 * inside the transaction that writes the edge or post being counted, so the counts are exact.
 */
final class Counters {
    private Counters() {}

    /** A transaction item moving the given counters of {@code user} by the given amounts. */
    static TransactWriteItem change(TableAccess db, UserId user, Map<String, Long> deltas) {
        TableLayout.Entity entity = TableLayout.Entity.COUNTERS;
        Expressions update = Expressions.update()
                .set(TableLayout.ENTITY, AttributeValue.fromS(entity.tag))
                .set(TableLayout.VERSION, AttributeValue.fromN(Integer.toString(entity.version)));
        deltas.forEach(update::add);
        return db.update(TableLayout.counters(user), update.build());
    }

    static Optional<EnhancedDocument> read(TableAccess db, String pattern, UserId user) {
        return db.get(pattern, TableLayout.counters(user));
    }

    static long value(Optional<EnhancedDocument> counters, String attribute) {
        return counters.filter(c -> c.isPresent(attribute)).map(c -> c.getNumber(attribute).longValue()).orElse(0L);
    }
}
