package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.model.ArticleStatus;
import io.feedline.ports.model.ArticleTitle;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.Slug;
import io.feedline.ports.model.Username;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Articles: a titled post with a slug of its own per author; a draft reaches nobody until it is
 * published, and then sorts in feeds by the time it was published.
 */
class ArticlesTest {
    private static final String BODY = "An article body that is longer than a post may be. ".repeat(30);

    private static World world(FanoutMode mode) {
        World world = World.of(mode);
        for (String user : List.of("alice", "bob", "carol")) {
            world.register(user);
        }
        world.follow("bob", "alice");
        return world;
    }

    private static Post article(World world, String author, String title, ArticleStatus status) {
        return article(world, author, title, status, Optional.empty());
    }

    private static Post article(World world, String author, String title, ArticleStatus status, Optional<IdempotencyKey> key) {
        world.clock.advance(Duration.ofMillis(1));
        return world.app.publishPost().publish(new PublishPost.Command(world.id(author), PostText.within(BODY, 20_000), key,
                Optional.empty(), Optional.of(new PublishPost.ArticleRequest(ArticleTitle.of(title), status))));
    }

    private static List<PostId> feed(World world, String reader) {
        return world.feedPage(reader, Optional.empty(), 50).items().stream().map(Post::id).toList();
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void aDraftNeverReachesAFollowersFeedAndPublishingItDoesAtThePublishTime(FanoutMode mode) {
        try (World world = world(mode)) {
            Post draft = article(world, "alice", "My plans", ArticleStatus.DRAFT);
            Post before = world.publish("alice", "a post after the draft was written");
            world.drain();

            assertThat(feed(world, "bob")).containsExactly(before.id());
            assertThat(feed(world, "alice")).as("nor the author's own feed").containsExactly(before.id());
            assertThat(world.app.readAuthorTimeline().read(Username.of("alice"), PageRequest.first(10)).items())
                    .extracting(Post::id).containsExactly(before.id());
            assertThat(world.app.readProfile().read(Username.of("alice")).posts()).isEqualTo(1);

            world.clock.advance(Duration.ofMillis(1));
            Post published = world.app.publishDraft().publish(world.id("alice"), draft.id());
            world.drain();

            assertThat(published.id()).as("a new id, of the publish time").isNotEqualTo(draft.id()).isGreaterThan(before.id());
            assertThat(published.article().orElseThrow().status()).isEqualTo(ArticleStatus.PUBLISHED);
            assertThat(published.article().orElseThrow().slug()).isEqualTo(Slug.of("my-plans"));
            assertThat(feed(world, "bob")).containsExactly(published.id(), before.id());
            assertThat(feed(world, "bob").getFirst()).isEqualTo(published.id());
            assertThat(world.feedPage("bob", Optional.empty(), 1).items().getFirst().article().orElseThrow().title().value())
                    .isEqualTo("My plans");
        }
    }

    @Test
    void aDraftIsNotFoundByAnybodyButItsAuthor() {
        try (World world = world(FanoutMode.HYBRID)) {
            world.drain();
            Post draft = article(world, "alice", "Secret", ArticleStatus.DRAFT);

            assertThat(world.app.readAsViewer().post(Optional.of(world.id("alice")), draft.id())).isEqualTo(draft);
            assertThat(world.app.readArticles().bySlug(Optional.of(world.id("alice")), Username.of("alice"), Slug.of("secret")))
                    .isEqualTo(draft);
            assertThatThrownBy(() -> world.app.readAsViewer().post(Optional.of(world.id("bob")), draft.id()))
                    .isInstanceOf(FeedlineException.NotFound.class);
            assertThatThrownBy(() -> world.app.readPost().read(draft.id())).isInstanceOf(FeedlineException.NotFound.class);
            assertThatThrownBy(() -> world.app.readArticles().bySlug(Optional.of(world.id("bob")), Username.of("alice"), Slug.of("secret")))
                    .isInstanceOf(FeedlineException.NotFound.class);
            assertThatThrownBy(() -> world.app.readArticles().bySlug(Optional.empty(), Username.of("alice"), Slug.of("secret")))
                    .isInstanceOf(FeedlineException.NotFound.class);
            assertThatThrownBy(() -> world.app.likePost().like(world.id("bob"), draft.id()))
                    .isInstanceOf(FeedlineException.NotFound.class);
            assertThatThrownBy(() -> world.app.readArticles().drafts(world.id("bob"), Username.of("alice"), PageRequest.first(10)))
                    .isInstanceOf(FeedlineException.Forbidden.class);
            assertThatThrownBy(() -> world.app.publishDraft().publish(world.id("bob"), draft.id()))
                    .isInstanceOf(FeedlineException.NotFound.class);
            assertThat(world.app.readArticles().drafts(world.id("alice"), Username.of("alice"), PageRequest.first(10)).items())
                    .containsExactly(draft);
            assertThat(world.postStore.jobs().pending()).as("a draft enqueues nothing").isZero();
        }
    }

    @Test
    void theSameTitleTwiceTakesTheNextSuffixAndAnotherAuthorKeepsTheBareSlug() {
        try (World world = world(FanoutMode.PUSH)) {
            Post first = article(world, "alice", "Weekly notes", ArticleStatus.PUBLISHED);
            Post draft = article(world, "alice", "Weekly notes", ArticleStatus.DRAFT);
            Post third = article(world, "alice", "Weekly  Notes!", ArticleStatus.PUBLISHED);
            Post bobs = article(world, "bob", "Weekly notes", ArticleStatus.PUBLISHED);

            assertThat(List.of(first, draft, third, bobs)).extracting(p -> p.article().orElseThrow().slug().value())
                    .containsExactly("weekly-notes", "weekly-notes-2", "weekly-notes-3", "weekly-notes");

            world.app.deletePost().delete(world.id("alice"), draft.id());
            Post again = article(world, "alice", "Weekly notes", ArticleStatus.PUBLISHED);
            assertThat(again.article().orElseThrow().slug().value()).as("a deleted draft frees its slug").isEqualTo("weekly-notes-2");
        }
    }

    @Test
    void publishingTwiceAnswersThePublishedArticleAndAPlainPostIsNoArticle() {
        try (World world = world(FanoutMode.PUSH)) {
            Post draft = article(world, "alice", "Once", ArticleStatus.DRAFT);
            Post published = world.app.publishDraft().publish(world.id("alice"), draft.id());

            assertThat(world.app.publishDraft().publish(world.id("alice"), draft.id())).isEqualTo(published);
            assertThat(world.app.publishDraft().publish(world.id("alice"), published.id())).isEqualTo(published);
            assertThatThrownBy(() -> world.app.publishDraft().publish(world.id("bob"), published.id()))
                    .isInstanceOf(FeedlineException.Forbidden.class);
            Post plain = world.publish("alice", "just a post");
            assertThatThrownBy(() -> world.app.publishDraft().publish(world.id("alice"), plain.id()))
                    .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("id"));
            assertThat(world.app.readArticles().published(Optional.empty(), Username.of("alice"), PageRequest.first(10)).items())
                    .containsExactly(published);
            assertThat(world.app.readArticles().drafts(world.id("alice"), Username.of("alice"), PageRequest.first(10)).items()).isEmpty();
        }
    }

    @Test
    void aPostTextPastFiveHundredIsRefusedUnlessItIsAnArticleWithinTheArticleLimit() {
        try (World world = new World(FeedSettings.defaults().withArticleMaxCharacters(1_000))) {
            world.register("alice");
            String long600 = "x".repeat(600);
            assertThatThrownBy(() -> world.app.publishPost().publish(new PublishPost.Command(world.id("alice"),
                    PostText.within(long600, 20_000), Optional.empty())))
                    .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("text"));
            assertThatThrownBy(() -> world.app.publishPost().publish(new PublishPost.Command(world.id("alice"),
                    PostText.within("y".repeat(1_001), 20_000), Optional.empty(), Optional.empty(),
                    Optional.of(new PublishPost.ArticleRequest(ArticleTitle.of("Too long"), ArticleStatus.PUBLISHED)))))
                    .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("text"));
            Post ok = world.app.publishPost().publish(new PublishPost.Command(world.id("alice"), PostText.within(long600, 20_000),
                    Optional.empty(), Optional.empty(),
                    Optional.of(new PublishPost.ArticleRequest(ArticleTitle.of("Fits"), ArticleStatus.PUBLISHED))));
            assertThat(ok.text().length()).isEqualTo(600);
        }
    }

    @Test
    void aDraftMadeWithAnIdempotencyKeyIsAnsweredAgainOnReplay() {
        try (World world = world(FanoutMode.PUSH)) {
            IdempotencyKey key = IdempotencyKey.of("draft-key-1");
            Post draft = article(world, "alice", "Replayed", ArticleStatus.DRAFT, Optional.of(key));
            Post replay = article(world, "alice", "Replayed", ArticleStatus.DRAFT, Optional.of(key));

            assertThat(replay).isEqualTo(draft);
            assertThat(world.app.readArticles().drafts(world.id("alice"), Username.of("alice"), PageRequest.first(10)).items())
                    .containsExactly(draft);
        }
    }
}
