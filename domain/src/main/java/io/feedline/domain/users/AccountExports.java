package io.feedline.domain.users;

import io.feedline.ports.model.AccountExport;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.Likes;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.Relations;
import io.feedline.ports.out.UserAccounts;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * An account's export: every list read {@value #PAGE} items at a time while it is written out, and
 * each page of ids turned into what it names with one batch read (users, posts), so memory stays
 * bounded and reads grow with the pages, not the items. Users and posts deleted since a list
 * named them are left out.
 */
final class AccountExports {
    static final int PAGE = 100;

    private final UserAccounts users;
    private final Posts posts;
    private final FollowGraph graph;
    private final Likes likes;
    private final Relations relations;

    AccountExports(UserAccounts users, Posts posts, FollowGraph graph, Likes likes, Relations relations) {
        this.users = Objects.requireNonNull(users, "users");
        this.posts = Objects.requireNonNull(posts, "posts");
        this.graph = Objects.requireNonNull(graph, "graph");
        this.likes = Objects.requireNonNull(likes, "likes");
        this.relations = Objects.requireNonNull(relations, "relations");
    }

    AccountExport of(UserId caller) {
        UserAccount account = users.findById(caller)
                .orElseThrow(() -> new FeedlineException.NotFound("user", "the account is gone"));
        return new AccountExport(account,
                () -> authored(caller),
                accounts(request -> graph.following(caller, request)),
                accounts(request -> graph.followers(caller, request)),
                () -> new Paged<>(request -> {
                    Page<PostRef> page = likes.liked(caller, request);
                    return new Page<>(posts.getAll(page.items()), page.next());
                }),
                accounts(request -> relations.muted(caller, request)),
                accounts(request -> relations.blocked(caller, request)));
    }

    /** The author's posts, a page at a time from the newest, each page continuing below the last one read. */
    private Iterator<Post> authored(UserId author) {
        return new Paged<>(request -> {
            Optional<PostId> before = request.after().map(token -> PostId.of(token.value()));
            List<Post> page = posts.byAuthor(author, before, request.limit());
            return new Page<>(page, page.size() < request.limit()
                    ? Optional.empty() : Optional.of(new PageToken(page.getLast().id().value())));
        });
    }

    private Iterable<UserSummary> accounts(Function<PageRequest, Page<UserId>> list) {
        return () -> new Paged<>(request -> {
            Page<UserId> ids = list.apply(request);
            Map<UserId, UserAccount> found = users.findAllById(ids.items());
            return new Page<>(ids.items().stream().filter(found::containsKey).map(id -> found.get(id).summary()).toList(),
                    ids.next());
        });
    }

    /** The items of pages read one after another until a page says it is the last. */
    private static final class Paged<T> implements Iterator<T> {
        private final Function<PageRequest, Page<T>> read;
        private Iterator<T> current = List.<T>of().iterator();
        private Optional<PageToken> next = Optional.empty();
        private boolean started;

        Paged(Function<PageRequest, Page<T>> read) {
            this.read = read;
        }

        @Override
        public boolean hasNext() {
            // A page may come back empty (all its users gone) and still not be the last.
            while (!current.hasNext() && (!started || next.isPresent())) {
                Page<T> page = read.apply(started ? PageRequest.after(next.orElseThrow(), PAGE) : PageRequest.first(PAGE));
                started = true;
                current = page.items().iterator();
                next = page.next();
            }
            return current.hasNext();
        }

        @Override
        public T next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return current.next();
        }
    }
}
