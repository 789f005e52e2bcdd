package io.feedline.domain.support;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import java.util.List;
import java.util.Optional;

/** Lists ordered by post id page by the last id shown: stable under inserts, no offsets. */
public final class PostCursor {
    private PostCursor() {}

    public static Optional<PostId> before(PageRequest request) {
        return request.after().map(token -> {
            try {
                return PostId.of(token.value());
            } catch (FeedlineException.InvalidInput e) {
                throw new FeedlineException.InvalidInput("cursor", "cursor is malformed");
            }
        });
    }

    /** The position after a page: set when the page is full, since more may follow. */
    public static Optional<PageToken> after(List<Post> page, int limit) {
        if (page.size() < limit || page.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new PageToken(page.getLast().id().value()));
    }
}
