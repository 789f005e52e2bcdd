package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.model.ArticleStatus;
import io.feedline.ports.model.ArticleTitle;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.LiveEvent;
import io.feedline.ports.model.NotificationView;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Live events and what each shows each reader: a home stream shows a new post once, in every mode
 * and however it reaches the feed (pushed by the worker, or merged at read time), under the feed's
 * own rules; writes announce themselves once they have committed.
 */
class LiveTest {

    /** Every event published since the last call. */
    private static List<LiveEvent> events(World world, int[] seen) {
        List<LiveEvent> all = world.live.published();
        List<LiveEvent> fresh = List.copyOf(all.subList(seen[0], all.size()));
        seen[0] = all.size();
        return fresh;
    }

    /** What the reader's home stream shows for these events, in order, as "text" or "text<-reposter". */
    private static List<String> home(World world, String reader, List<LiveEvent> events) {
        List<String> shown = new ArrayList<>();
        for (LiveEvent event : events) {
            for (Post post : world.app.watchLive().home(world.id(reader), event)) {
                shown.add(post.text().value() + post.repostedBy().map(by -> "<-" + by.username().value()).orElse(""));
            }
        }
        return shown;
    }

    private static List<String> published(World world, Optional<String> viewer, List<LiveEvent> events) {
        List<String> shown = new ArrayList<>();
        for (LiveEvent event : events) {
            if (event instanceof LiveEvent.Published published) {
                world.app.watchLive().published(viewer.map(world::id), published).ifPresent(post -> shown.add(post.text().value()));
            }
        }
        return shown;
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void aFollowersHomeStreamShowsANewPostOnceAndItsAuthorsToo(FanoutMode mode) {
        try (World world = World.of(mode)) {
            world.register("alice");
            world.register("bob");
            world.register("carol");
            world.follow("alice", "bob");
            int[] seen = {0};
            events(world, seen);

            world.publish("bob", "hello");
            world.drain();
            List<LiveEvent> events = events(world, seen);

            assertThat(home(world, "alice", events)).containsExactly("hello");
            assertThat(home(world, "bob", events)).as("the author's own home").containsExactly("hello");
            assertThat(home(world, "carol", events)).as("not a follower").isEmpty();
        }
    }

    @Test
    void aCelebritysPostIsMergedAtReadTimeAndReachesTheStreamThroughItsPublication() {
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.HYBRID).withCelebrityThreshold(2))) {
            for (String name : List.of("star", "ann", "ben", "cat")) {
                world.register(name);
            }
            world.follow("ann", "star");
            world.follow("ben", "star");
            world.follow("cat", "star");
            int[] seen = {0};
            events(world, seen);

            world.publish("star", "to my fans");
            world.drain();
            List<LiveEvent> events = events(world, seen);

            assertThat(events).as("no fan-out to a celebrity's followers").noneMatch(LiveEvent.Delivered.class::isInstance);
            for (String fan : List.of("ann", "ben", "cat")) {
                assertThat(home(world, fan, events)).containsExactly("to my fans");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void aFollowedTagsPostReachesTheStreamAndAMutedAuthorsNever(FanoutMode mode) {
        try (World world = World.of(mode)) {
            world.register("alice");
            world.register("bob");
            world.register("dan");
            world.follow("alice", "bob");
            world.followTag("alice", "jazz");
            world.mute("alice", "dan");
            int[] seen = {0};
            events(world, seen);

            world.publish("bob", "followed twice #jazz");
            world.publish("dan", "muted #jazz");
            world.drain();
            List<LiveEvent> events = events(world, seen);

            // Pushed both ways (its author's and its tag's fan-out), it may come from two events: the
            // stream shows each post once (see the Mastodon streaming adapter).
            assertThat(Set.copyOf(home(world, "alice", events))).containsExactly("followed twice #jazz");
            assertThat(published(world, Optional.of("alice"), events)).as("the public stream as alice sees it")
                    .containsExactly("followed twice #jazz");
            assertThat(published(world, Optional.empty(), events)).as("the public stream, signed out")
                    .containsExactly("followed twice #jazz", "muted #jazz");
        }
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void aRepostShowsAsItsOriginalOnTheHomeStreamButNotOnThePublicOnesAndItsUndoIsADelete(FanoutMode mode) {
        try (World world = World.of(mode)) {
            world.register("alice");
            world.register("carol");
            world.register("erin");
            world.follow("alice", "carol");
            Post original = world.publish("erin", "worth sharing");
            world.drain();
            int[] seen = {0};
            events(world, seen);

            world.repost("carol", original.id());
            world.drain();
            List<LiveEvent> events = events(world, seen);

            assertThat(home(world, "alice", events)).containsExactly("worth sharing<-carol");
            assertThat(published(world, Optional.empty(), events)).isEmpty();
            PostRef repost = events.stream().filter(LiveEvent.Published.class::isInstance)
                    .map(e -> ((LiveEvent.Published) e).post()).findFirst().orElseThrow();

            world.unrepost("carol", original.id());

            assertThat(events(world, seen)).contains(new LiveEvent.Deleted(repost));
        }
    }

    @Test
    void aDeleteAndANotificationAnnounceThemselves() {
        try (World world = World.of(FanoutMode.PUSH)) {
            UserId alice = world.register("alice");
            world.register("bob");
            Post post = world.publish("alice", "like me");
            world.drain();
            int[] seen = {0};
            events(world, seen);

            world.app.likePost().like(world.id("bob"), post.id());
            world.drain();
            NotificationView row = world.app.readNotifications()
                    .notifications(alice, Set.of(), new PageRequest(Optional.empty(), 10)).items().getFirst();
            assertThat(events(world, seen)).containsExactly(new LiveEvent.Notified(alice, row.notification().id()));

            world.app.deletePost().delete(alice, post.id());
            assertThat(events(world, seen)).contains(new LiveEvent.Deleted(new PostRef(post.id(), alice)));
            assertThat(home(world, "alice", List.of(new LiveEvent.Published(post.ref(), List.of()))))
                    .as("a deleted post is shown to nobody").isEmpty();
        }
    }

    @Test
    void aDeliveryShowsOnlyItsOwnReadersEntries() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("alice");
            world.register("bob");
            Post post = world.publish("bob", "for alice");
            world.drain();
            LiveEvent toBob = new LiveEvent.Delivered(List.of(new io.feedline.ports.model.Delivery(world.id("bob"), post.ref())));

            assertThat(home(world, "alice", List.of(toBob))).isEmpty();
            assertThat(home(world, "bob", List.of(toBob))).containsExactly("for alice");
        }
    }

    @Test
    void aDraftIsAnnouncedOnlyOnceItIsPublished() {
        try (World world = World.of(FanoutMode.PUSH)) {
            UserId alice = world.register("alice");
            int[] seen = {0};
            Post draft = world.app.publishPost().publish(new PublishPost.Command(alice, PostText.of("plans for #spring"),
                    Optional.empty(), Optional.empty(),
                    Optional.of(new PublishPost.ArticleRequest(ArticleTitle.of("Plans"), ArticleStatus.DRAFT))));
            assertThat(events(world, seen)).as("a draft is shown to nobody").isEmpty();

            Post published = world.app.publishDraft().publish(alice, draft.id());

            assertThat(events(world, seen)).containsExactly(new LiveEvent.Published(published.ref(), published.tags()));
            assertThat(published.tags()).isNotEmpty();
        }
    }
}
