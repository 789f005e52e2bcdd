package io.feedline.app.http;

import io.feedline.app.http.Representations.UserView;
import io.feedline.ports.in.ReadExplore;
import io.feedline.ports.model.ExploreUsers;
import io.feedline.ports.model.ExploreWindow;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PageRequest;
import io.javalin.http.Context;
import java.util.List;

/** Explore: the latest and the popular posts, and the user rankings, for anyone, signed in or not. */
final class ExploreResource {
    private final ReadExplore readExplore;
    private final Paging paging;

    ExploreResource(ReadExplore readExplore, Paging paging) {
        this.readExplore = readExplore;
        this.paging = paging;
    }

    /** The JSON of {@code GET /explore/users}. */
    record UsersView(List<RankedUserView> popular, List<UserView> newest) {
        static UsersView of(ExploreUsers users) {
            return new UsersView(users.popular().stream().map(RankedUserView::of).toList(),
                    users.newest().stream().map(UserView::of).toList());
        }
    }

    record RankedUserView(String id, String username, String displayName, long followers) {
        static RankedUserView of(ExploreUsers.Ranked ranked) {
            return new RankedUserView(ranked.user().id().value(), ranked.user().username().value(),
                    ranked.user().displayName().value(), ranked.followers());
        }
    }

    void latest(Context ctx) {
        paging.writePosts(ctx, readExplore.latest(Caller.of(ctx).user(), paging.request(ctx)));
    }

    void popular(Context ctx) {
        String raw = ctx.queryParam("window");
        ExploreWindow window = raw == null ? ExploreWindow.DAY : ExploreWindow.parse(raw);
        paging.writePosts(ctx, readExplore.popular(Caller.of(ctx).user(), window, paging.request(ctx)));
    }

    void users(Context ctx) {
        PageRequest request = paging.request(ctx);
        if (request.after().isPresent()) {
            throw new FeedlineException.InvalidInput("cursor", "the user rankings are one page; they take no cursor");
        }
        ctx.json(UsersView.of(readExplore.users(request.limit())));
    }
}
