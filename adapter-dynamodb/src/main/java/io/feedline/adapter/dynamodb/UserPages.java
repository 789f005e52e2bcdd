package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserId;
import java.util.List;
import java.util.Optional;

/** A page of user ids read with one item more than asked for: the extra one only says that more follow. */
final class UserPages {
    private UserPages() {}

    static Page<UserId> of(List<UserId> read, PageRequest request) {
        if (read.size() <= request.limit()) {
            return Page.last(read);
        }
        List<UserId> page = read.subList(0, request.limit());
        return new Page<>(List.copyOf(page), Optional.of(Cursors.after(page.getLast())));
    }
}
