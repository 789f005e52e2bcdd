package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.Article;
import io.feedline.ports.model.ArticleStatus;
import io.feedline.ports.model.ArticleTitle;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.Slug;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.Articles;
import io.feedline.ports.out.Posts;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Articles} adapter must do with the {@link Posts} of the same storage: one slug
 * per article of an author, claimed in the article's own write (a draft's or a post's), freed by
 * its delete, moved to the post when a draft is published. Each test uses fresh authors.
 */
public abstract class ArticlesContract {

    /** The posts and articles under test, sharing one storage; called at most once per test. */
    protected abstract PostStore postStore();

    private static final String BODY = "An article's body. ".repeat(60);

    record Author(UserId id, Username username) {
        static Author fresh() {
            return new Author(TestIds.userId(), TestIds.username());
        }

        Post article(String title, Slug slug, ArticleStatus status) {
            PostId id = TestIds.postId();
            return new Post(id, this.id, username, new PostText(BODY), Instant.ofEpochMilli(id.epochMillis()), 0)
                    .asArticle(new Article(ArticleTitle.of(title), slug, status));
        }
    }

    /** Claims {@code title}'s slug for a new article as the domain does: the next free suffix after each loss. */
    private static Post publishWithNextFreeSlug(PostStore store, Author author, Slug base) {
        Slug candidate = base;
        for (int attempt = 0; attempt < 20; attempt++) {
            Post article = author.article("Race", candidate, ArticleStatus.PUBLISHED);
            try {
                store.posts().publish(article, List.of(), Optional.empty());
                return article;
            } catch (FeedlineException.SlugTaken taken) {
                Set<Slug> held = store.articles().slugsTaken(author.id(), base);
                candidate = base;
                for (int n = 2; held.contains(candidate); n++) {
                    candidate = base.withSuffix(n);
                }
            }
        }
        throw new AssertionError("no free slug after 20 tries");
    }

    @Test
    void aPublishedArticleIsReadBackWithItsTitleSlugAndStatusByIdBySlugAndInItsList() {
        PostStore store = postStore();
        Author author = Author.fresh();
        Post article = author.article("Hello, world", Slug.of("hello-world"), ArticleStatus.PUBLISHED);

        assertThat(store.posts().publish(article, List.of(), Optional.empty())).isTrue();

        assertThat(store.posts().get(article.id())).contains(article);
        assertThat(store.articles().bySlug(author.id(), Slug.of("hello-world"))).contains(article);
        assertThat(store.articles().published(author.id(), Optional.empty(), 10)).containsExactly(article.ref());
        assertThat(store.articles().bySlug(author.id(), Slug.of("hello"))).isEmpty();
    }

    @Test
    void aSecondArticleOfATakenSlugIsRefusedAndWritesNothing() {
        PostStore store = postStore();
        Author author = Author.fresh();
        Post first = author.article("Weekly notes", Slug.of("weekly-notes"), ArticleStatus.PUBLISHED);
        Post second = author.article("Weekly notes", Slug.of("weekly-notes"), ArticleStatus.PUBLISHED);
        Post draft = author.article("Weekly notes", Slug.of("weekly-notes"), ArticleStatus.DRAFT);
        store.posts().publish(first, List.of(), Optional.empty());

        assertThatThrownBy(() -> store.posts().publish(second, List.of(), Optional.empty()))
                .isInstanceOfSatisfying(FeedlineException.SlugTaken.class, e -> assertThat(e.slug()).isEqualTo(Slug.of("weekly-notes")));
        assertThatThrownBy(() -> store.articles().saveDraft(draft, Optional.empty()))
                .isInstanceOf(FeedlineException.SlugTaken.class);

        assertThat(store.posts().get(second.id())).isEmpty();
        assertThat(store.articles().draft(author.id(), draft.id())).isEmpty();
        assertThat(store.posts().countByAuthor(author.id())).isEqualTo(1);
        assertThat(store.articles().bySlug(author.id(), Slug.of("weekly-notes"))).contains(first);
    }

    @Test
    void aDraftHoldsItsSlugAgainstAPublish() {
        PostStore store = postStore();
        Author author = Author.fresh();
        Post draft = author.article("Plans", Slug.of("plans"), ArticleStatus.DRAFT);
        assertThat(store.articles().saveDraft(draft, Optional.empty())).isTrue();

        assertThatThrownBy(() -> store.posts().publish(author.article("Plans", Slug.of("plans"), ArticleStatus.PUBLISHED),
                List.of(), Optional.empty())).isInstanceOf(FeedlineException.SlugTaken.class);
        assertThat(store.articles().saveDraft(draft, Optional.empty())).as("a draft saved again").isFalse();
    }

    @Test
    void theSameSlugByTwoAuthorsIsTwoArticles() {
        PostStore store = postStore();
        Author ann = Author.fresh();
        Author bob = Author.fresh();
        Post annsArticle = ann.article("Same title", Slug.of("same-title"), ArticleStatus.PUBLISHED);
        Post bobsArticle = bob.article("Same title", Slug.of("same-title"), ArticleStatus.PUBLISHED);

        store.posts().publish(annsArticle, List.of(), Optional.empty());
        store.posts().publish(bobsArticle, List.of(), Optional.empty());

        assertThat(store.articles().bySlug(ann.id(), Slug.of("same-title"))).contains(annsArticle);
        assertThat(store.articles().bySlug(bob.id(), Slug.of("same-title"))).contains(bobsArticle);
    }

    @Test
    void slugsTakenAreTheBaseAndItsNumberedFormsOnly() {
        PostStore store = postStore();
        Author author = Author.fresh();
        for (String slug : List.of("notes", "notes-2", "notes-5", "notes-from-paris", "notesy", "notes-02")) {
            store.posts().publish(author.article("Notes", Slug.of(slug), ArticleStatus.PUBLISHED), List.of(), Optional.empty());
        }

        assertThat(store.articles().slugsTaken(author.id(), Slug.of("notes")))
                .containsExactlyInAnyOrder(Slug.of("notes"), Slug.of("notes-2"), Slug.of("notes-5"));
        assertThat(store.articles().slugsTaken(Author.fresh().id(), Slug.of("notes"))).isEmpty();
    }

    @Test
    void concurrentArticlesOfOneTitleByOneAuthorEndWithDistinctSlugs() {
        PostStore store = postStore();
        Author author = Author.fresh();
        Slug base = Slug.of("race");
        int writers = 6;

        List<Concurrently.Outcome<Post>> outcomes = Concurrently.run(writers, i -> publishWithNextFreeSlug(store, author, base));

        assertThat(outcomes).allMatch(Concurrently.Outcome::succeeded);
        Set<Slug> slugs = new HashSet<>();
        for (Concurrently.Outcome<Post> outcome : outcomes) {
            Slug slug = outcome.value().article().orElseThrow().slug();
            slugs.add(slug);
            assertThat(store.articles().bySlug(author.id(), slug)).as("each slug names its own article").contains(outcome.value());
        }
        assertThat(slugs).hasSize(writers);
        assertThat(store.articles().slugsTaken(author.id(), base)).isEqualTo(slugs);
        assertThat(store.posts().countByAuthor(author.id())).isEqualTo(writers);
    }

    @Test
    void deletingAnArticleOrADraftFreesItsSlug() {
        PostStore store = postStore();
        Author author = Author.fresh();
        Post article = author.article("Gone", Slug.of("gone"), ArticleStatus.PUBLISHED);
        Post draft = author.article("Draft gone", Slug.of("draft-gone"), ArticleStatus.DRAFT);
        store.posts().publish(article, List.of(), Optional.empty());
        store.articles().saveDraft(draft, Optional.empty());

        assertThat(store.posts().delete(article.ref(), List.of())).isTrue();
        assertThat(store.articles().deleteDraft(author.id(), draft.id())).isTrue();
        assertThat(store.articles().deleteDraft(author.id(), draft.id())).isFalse();

        assertThat(store.articles().bySlug(author.id(), Slug.of("gone"))).isEmpty();
        assertThat(store.articles().published(author.id(), Optional.empty(), 10)).isEmpty();
        assertThat(store.articles().draft(author.id(), draft.id())).isEmpty();
        Post again = author.article("Gone", Slug.of("gone"), ArticleStatus.PUBLISHED);
        assertThat(store.posts().publish(again, List.of(), Optional.empty())).isTrue();
        assertThat(store.articles().saveDraft(author.article("Draft gone", Slug.of("draft-gone"), ArticleStatus.DRAFT), Optional.empty()))
                .isTrue();
    }

    @Test
    void aDraftIsNoPostAndOnlyItsAuthorFindsIt() {
        PostStore store = postStore();
        Author author = Author.fresh();
        Author other = Author.fresh();
        Post older = author.article("First draft", Slug.of("first-draft"), ArticleStatus.DRAFT);
        Post newer = author.article("Second draft", Slug.of("second-draft"), ArticleStatus.DRAFT);
        store.articles().saveDraft(older, Optional.empty());
        store.articles().saveDraft(newer, Optional.empty());

        assertThat(store.articles().draft(author.id(), newer.id())).contains(newer);
        assertThat(store.articles().draft(other.id(), newer.id())).isEmpty();
        assertThat(store.articles().drafts(author.id(), Optional.empty(), 10)).containsExactly(newer, older);
        assertThat(store.articles().drafts(author.id(), Optional.of(newer.id()), 10)).containsExactly(older);
        assertThat(store.articles().bySlug(author.id(), Slug.of("first-draft"))).contains(older);
        assertThat(store.posts().get(newer.id())).isEmpty();
        assertThat(store.posts().byAuthor(author.id(), Optional.empty(), 10)).isEmpty();
        assertThat(store.posts().countByAuthor(author.id())).isZero();
        assertThat(store.articles().published(author.id(), Optional.empty(), 10)).isEmpty();
    }

    @Test
    void publishingADraftMovesItAndItsSlugToANewPostOnce() {
        PostStore store = postStore();
        Author author = Author.fresh();
        Post draft = author.article("Launch", Slug.of("launch"), ArticleStatus.DRAFT);
        store.articles().saveDraft(draft, Optional.empty());
        PostId publishedId = TestIds.postId();
        Post published = new Post(publishedId, author.id(), author.username(), draft.text(),
                Instant.ofEpochMilli(publishedId.epochMillis()), 0)
                .asArticle(draft.article().orElseThrow().with(ArticleStatus.PUBLISHED));

        assertThat(store.posts().publishDraft(draft.id(), published, List.of())).isTrue();
        assertThat(store.posts().publishDraft(draft.id(), published, List.of())).as("a second publish of the draft").isFalse();

        assertThat(store.articles().draft(author.id(), draft.id())).isEmpty();
        assertThat(store.articles().drafts(author.id(), Optional.empty(), 10)).isEmpty();
        assertThat(store.posts().get(publishedId)).contains(published);
        assertThat(store.articles().bySlug(author.id(), Slug.of("launch"))).contains(published);
        assertThat(store.articles().publishedAs(author.id(), draft.id())).contains(published.ref());
        assertThat(store.articles().publishedAs(author.id(), publishedId)).isEmpty();
        assertThat(store.articles().published(author.id(), Optional.empty(), 10)).containsExactly(published.ref());
        assertThat(store.posts().countByAuthor(author.id())).isEqualTo(1);
        assertThatThrownBy(() -> store.posts().publish(author.article("Launch", Slug.of("launch"), ArticleStatus.PUBLISHED),
                List.of(), Optional.empty())).isInstanceOf(FeedlineException.SlugTaken.class);
    }

    @Test
    void publishedArticlesAreListedNewestFirstAndPagedAndPlainPostsLeftOut() {
        PostStore store = postStore();
        Author author = Author.fresh();
        Post a = author.article("A", Slug.of("a"), ArticleStatus.PUBLISHED);
        Post plain = new Post(TestIds.postId(), author.id(), author.username(), PostText.of("just a post"), Instant.now(), 0);
        Post b = author.article("B", Slug.of("b"), ArticleStatus.PUBLISHED);
        Post c = author.article("C", Slug.of("c"), ArticleStatus.PUBLISHED);
        for (Post post : List.of(a, plain, b, c)) {
            store.posts().publish(post, List.of(), Optional.empty());
        }

        assertThat(store.articles().published(author.id(), Optional.empty(), 2)).containsExactly(c.ref(), b.ref());
        assertThat(store.articles().published(author.id(), Optional.of(b.id()), 2)).containsExactly(a.ref());
    }
}
