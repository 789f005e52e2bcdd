package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.AccountExport;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.MediaAttachment;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.in.PublishPost;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/** An account's export holds everything it made and chose, page after page, and nothing of anyone else. */
class AccountExportTest {

    private static <T> List<T> all(Iterable<T> items) {
        return StreamSupport.stream(items.spliterator(), false).toList();
    }

    private static List<String> names(Iterable<UserSummary> users) {
        return all(users).stream().map(u -> u.username().value()).toList();
    }

    @Test
    void the_export_holds_posts_media_follows_likes_mutes_and_blocks() {
        World world = World.of(FanoutMode.PUSH);
        UserId alice = world.register("alice");
        world.register("bob");
        world.register("carol");
        world.register("dave");
        world.register("eve");
        MediaAttachment photo = world.app.manageMedia().upload(alice,
                new ByteArrayInputStream("photo".getBytes(StandardCharsets.UTF_8)), Optional.of("a cat"), Optional.empty());
        Post withPhoto = world.app.publishPost().publish(new PublishPost.Command(alice, PostText.of("my cat"), Optional.empty(),
                Optional.empty(), Optional.empty(), List.of(photo.id())));
        Post plain = world.publish("alice", "hello");
        world.follow("alice", "bob");
        world.follow("carol", "alice");
        Post bobs = world.publish("bob", "bob's news");
        Post gone = world.publish("bob", "soon gone");
        world.app.likePost().like(alice, bobs.id());
        world.app.likePost().like(alice, gone.id());
        world.app.likePost().like(world.id("carol"), plain.id());
        world.app.deletePost().delete(world.id("bob"), gone.id());
        world.mute("alice", "dave");
        world.block("alice", "eve");
        world.drain();

        AccountExport export = world.app.manageAccount().export(alice);

        assertThat(export.account().username().value()).isEqualTo("alice");
        assertThat(all(export.posts())).extracting(Post::id).containsExactly(plain.id(), withPhoto.id());
        assertThat(all(export.posts()).get(1).media()).extracting(MediaAttachment::id).containsExactly(photo.id());
        assertThat(names(export.following())).containsExactly("bob");
        assertThat(names(export.followers())).containsExactly("carol");
        assertThat(all(export.likes())).extracting(Post::id).as("a deleted post is left out").containsExactly(bobs.id());
        assertThat(names(export.muted())).containsExactly("dave");
        assertThat(names(export.blocked())).containsExactly("eve");
    }

    @Test
    void long_lists_are_read_page_after_page_to_the_end() {
        World world = World.of(FanoutMode.PULL);
        UserId alice = world.register("alice");
        world.register("bob");
        int posts = 250;
        for (int i = 0; i < posts; i++) {
            world.clock.advance(java.time.Duration.ofMillis(1));
            Post bobs = world.publish("bob", "bob " + i);
            world.app.likePost().like(alice, bobs.id());
            world.publish("alice", "post " + i);
        }

        AccountExport export = world.app.manageAccount().export(alice);

        List<PostId> ids = all(export.posts()).stream().map(Post::id).toList();
        assertThat(ids).hasSize(posts).doesNotHaveDuplicates();
        assertThat(ids).isSortedAccordingTo(java.util.Comparator.reverseOrder());
        assertThat(all(export.likes())).hasSize(posts);
        assertThat(all(export.posts())).as("iterating again reads again").hasSize(posts);
    }

    @Test
    void a_deleted_account_has_no_export() {
        World world = World.of(FanoutMode.PUSH);
        assertThatThrownBy(() -> world.app.manageAccount().export(UserId.of("01KDVDNA007KFN8XG13WG037KV")))
                .isInstanceOf(FeedlineException.NotFound.class);
    }
}
