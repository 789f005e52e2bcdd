package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserId;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;

/**
 * A page of a list of users kept as items sorted by user id under one partition (a post's likes and
 * repost marks, a user's mutes and blocks): one consistent Query of one item more than asked for, so
 * the last page carries no token; a position is the last user id of the page before.
 */
final class UserPages {
    private UserPages() {}

    /**
     * @param items the list's items
     * @param userAttribute the attribute naming each item's user
     * @param itemOf the key of the list's item for a user (where the next page starts after)
     */
    static Page<UserId> query(TableAccess db, String pattern, QueryConditional items, String userAttribute,
            Function<UserId, Key> itemOf, PageRequest request) {
        QueryEnhancedRequest.Builder query = QueryEnhancedRequest.builder()
                .queryConditional(items)
                .consistentRead(true)
                .attributesToProject(TableLayout.PK, TableLayout.SK, userAttribute)
                .limit(request.limit() + 1);
        request.after().map(Cursors::userId).ifPresent(last -> query.exclusiveStartKey(TableLayout.keyMap(itemOf.apply(last))));
        List<UserId> read = db.queryPage(pattern, query.build()).items().stream()
                .map(item -> UserId.of(item.getString(userAttribute)))
                .toList();
        if (read.size() <= request.limit()) {
            return Page.last(read);
        }
        List<UserId> page = read.subList(0, request.limit());
        return new Page<>(List.copyOf(page), Optional.of(Cursors.after(page.getLast())));
    }
}
