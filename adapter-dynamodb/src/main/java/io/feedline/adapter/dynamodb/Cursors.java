package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.UserId;

/**
 * Page tokens of the graph pages. The partition is known from the query, so a position is just the
 * id in the last sort key: compact, and no raw key map ever leaves the adapter.
 */
final class Cursors {
    private Cursors() {}

    static PageToken after(UserId last) {
        return new PageToken(last.value());
    }

    static UserId userId(PageToken token) {
        try {
            return UserId.of(token.value());
        } catch (FeedlineException.InvalidInput e) {
            throw new FeedlineException.InvalidInput("cursor", "cursor is malformed");
        }
    }
}
