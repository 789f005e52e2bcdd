package io.feedline.domain.articles;

import io.feedline.domain.posts.CachedPosts;
import io.feedline.domain.relations.RelationSets;
import io.feedline.domain.support.PostCursor;
import io.feedline.domain.users.UserDesk;
import io.feedline.ports.in.ReadArticles;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.Slug;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.Articles;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An author's articles as readers see them: a draft is its author's alone (anybody else is told it
 * does not exist, as a missing article), and a block between a signed-in viewer and the author hides
 * the author's articles as it hides their timeline.
 */
public final class ArticleDesk implements ReadArticles {
    private final Articles articles;
    private final CachedPosts cachedPosts;
    private final UserDesk users;
    private final RelationSets relationSets;

    public ArticleDesk(Articles articles, CachedPosts cachedPosts, UserDesk users, RelationSets relationSets) {
        this.articles = articles;
        this.cachedPosts = cachedPosts;
        this.users = users;
        this.relationSets = relationSets;
    }

    @Override
    public Post bySlug(Optional<UserId> viewer, Username author, Slug slug) {
        UserAccount account = visibleAuthor(viewer, author);
        return articles.bySlug(account.id(), slug)
                .filter(article -> !article.isDraft() || viewer.equals(Optional.of(account.id())))
                .orElseThrow(() -> new FeedlineException.NotFound("article", "no such article"));
    }

    /** One query of the author's list, then the posts through the post cache; the cursor is the last entry's id. */
    @Override
    public Page<Post> published(Optional<UserId> viewer, Username author, PageRequest page) {
        UserAccount account = visibleAuthor(viewer, author);
        List<PostRef> refs = articles.published(account.id(), PostCursor.before(page), page.limit());
        Map<PostId, Post> found = cachedPosts.getAll(refs);
        List<Post> shown = refs.stream().map(ref -> found.get(ref.postId())).filter(Objects::nonNull).toList();
        Optional<PageToken> next = refs.size() < page.limit() || refs.isEmpty()
                ? Optional.empty()
                : Optional.of(new PageToken(refs.getLast().postId().value()));
        return new Page<>(shown, next);
    }

    @Override
    public Page<Post> drafts(UserId caller, Username author, PageRequest page) {
        UserAccount account = users.byName(author);
        if (!account.id().equals(caller)) {
            throw new FeedlineException.Forbidden("only the author may list their drafts");
        }
        List<Post> drafts = articles.drafts(account.id(), PostCursor.before(page), page.limit());
        return new Page<>(drafts, PostCursor.after(drafts, page.limit()));
    }

    /** The author, unless a block separates them from the signed-in viewer (then: no such user). */
    private UserAccount visibleAuthor(Optional<UserId> viewer, Username author) {
        UserAccount account = users.byName(author);
        if (viewer.isPresent() && relationSets.filterFor(viewer.get()).separated(account.id())) {
            throw new FeedlineException.NotFound("user", "no user named '" + author.value() + "'");
        }
        return account;
    }
}
