package io.feedline.app.mastodon;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.UserSummary;
import io.javalin.http.Context;
import java.util.Optional;
import java.util.function.Function;

/**
 * A page of accounts as Mastodon answers one (followers, mutes, favourited_by, ...), with its
 * {@code Link} header. {@code max_id} is the list's own position in Feedline (an account's permanent
 * id, nothing secret), so the header has {@code next} only.
 */
final class AccountPages {
    private AccountPages() {}

    static void answer(Context ctx, Requests requests, Function<PageRequest, Page<UserSummary>> source) {
        int limit = PostPages.limit(ctx.queryParam("limit"));
        Optional<PageToken> after = Optional.ofNullable(ctx.queryParam("max_id")).filter(s -> !s.isBlank()).map(PageToken::new);
        Page<UserSummary> page = source.apply(new PageRequest(after, limit));
        Render render = requests.render(ctx);
        page.next().ifPresent(next -> ctx.header("Link", "<" + render.base() + ctx.path() + "?limit=" + limit
                + "&max_id=" + next.value() + ">; rel=\"next\""));
        ctx.json(page.items().stream().map(summary -> render.account(summary.username())).toList());
    }
}
