package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.UserId;
import io.feedline.ports.out.CelebrityRegistry;
import java.util.Set;
import java.util.stream.Collectors;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;

/**
 * The marked authors, one item each in a single partition ({@code CELEBRITIES} / {@code USER#<id>}):
 * the set stays small, and one Query lists it.
 */
final class DynamoCelebrityRegistry implements CelebrityRegistry {
    private final TableAccess db;

    DynamoCelebrityRegistry(TableAccess db) {
        this.db = db;
    }

    @Override
    public Set<UserId> all() {
        return db.queryAll("celebrities", QueryEnhancedRequest.builder()
                        .queryConditional(TableLayout.celebrities())
                        .attributesToProject(TableLayout.SK)
                        // Consistent: an author marked a moment ago gets no more fan-out, so every
                        // reader must pull them from now on.
                        .consistentRead(true)
                        .build())
                .stream()
                .map(item -> TableLayout.celebrityOf(item.getString(TableLayout.SK)))
                .collect(Collectors.toUnmodifiableSet());
    }

    @Override
    public void mark(UserId author) {
        db.run("celebrity_mark", () -> db.putItem(TableLayout.Entity.CELEBRITY.document(TableLayout.celebrity(author))
                .putString(TableLayout.USER_ID, author.value())
                .build()));
    }
}
