package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Focus;
import io.feedline.ports.model.MediaAttachment;
import io.feedline.ports.model.MediaDescription;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.model.MediaId;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import java.util.List;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Uploads through the use case: processed, both objects stored, the record written; the uploader's alone. */
class MediaTest {

    private static InputStream file(String content) {
        return new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void an_upload_stores_both_renditions_and_an_unattached_record() {
        World world = World.of(FanoutMode.PUSH);
        UserId alice = world.register("alice");

        MediaAttachment media = world.app.manageMedia()
                .upload(alice, file("pretend these are pixels"), Optional.of("a red door"), Optional.of(new Focus(0.5, -0.5)));

        assertThat(media.owner()).isEqualTo(alice);
        assertThat(media.attachedTo()).isEmpty();
        assertThat(media.description()).contains(new MediaDescription("a red door"));
        assertThat(media.focus()).isEqualTo(new Focus(0.5, -0.5));
        assertThat(media.createdAt()).isEqualTo(world.clock.instant());
        assertThat(media.originalKey().value()).startsWith("media/" + media.id().value() + "-").endsWith("/original.png");
        assertThat(media.smallKey().value()).endsWith("/small.png");
        assertThat(world.mediaStore.get(media.originalKey()).orElseThrow().readAllBytes())
                .isEqualTo("pretend these are pixels".getBytes(StandardCharsets.UTF_8));
        assertThat(world.mediaStore.exists(media.smallKey())).isTrue();
        assertThat(world.postStore.media().get(media.id())).contains(media);
        assertThat(world.app.manageMedia().get(alice, media.id())).isEqualTo(media);
    }

    @Test
    void two_uploads_of_one_moment_live_under_different_unguessable_folders() {
        World world = World.of(FanoutMode.PUSH);
        UserId alice = world.register("alice");
        MediaAttachment first = world.app.manageMedia().upload(alice, file("one"), Optional.empty(), Optional.empty());
        MediaAttachment second = world.app.manageMedia().upload(alice, file("two"), Optional.empty(), Optional.empty());

        String folder = first.originalKey().value().substring(0, first.originalKey().value().lastIndexOf('/'));
        assertThat(folder).matches("media/" + first.id().value() + "-[0-9a-f]{20}");
        assertThat(second.originalKey().value()).doesNotStartWith(folder);
    }

    @Test
    void a_refused_file_or_description_stores_nothing() {
        World world = World.of(FanoutMode.PUSH);
        UserId alice = world.register("alice");

        assertThatThrownBy(() -> world.app.manageMedia().upload(alice, file(""), Optional.empty(), Optional.empty()))
                .isInstanceOfSatisfying(FeedlineException.MediaRejected.class, e -> assertThat(e.field()).isEqualTo("file"));
        assertThatThrownBy(() -> world.app.manageMedia().upload(alice, file("x".repeat(1025)), Optional.empty(), Optional.empty()))
                .isInstanceOf(FeedlineException.MediaRejected.class);
        assertThatThrownBy(() -> world.app.manageMedia().upload(alice, file("fine"), Optional.of("d".repeat(1501)), Optional.empty()))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("description"));

        assertThat(world.postStore.media().unattachedBefore(world.clock.instant().plusSeconds(1), 10)).isEmpty();
    }

    @Test
    void only_the_uploader_reads_or_describes_an_upload() {
        World world = World.of(FanoutMode.PUSH);
        UserId alice = world.register("alice");
        UserId bob = world.register("bob");
        MediaAttachment media = world.app.manageMedia().upload(alice, file("mine"), Optional.empty(), Optional.empty());

        assertThatThrownBy(() -> world.app.manageMedia().get(bob, media.id()))
                .isInstanceOfSatisfying(FeedlineException.NotFound.class, e -> assertThat(e.field()).contains("id"));
        assertThatThrownBy(() -> world.app.manageMedia().describe(bob, media.id(), Optional.of("stolen"), Optional.empty()))
                .isInstanceOf(FeedlineException.NotFound.class);
        assertThat(world.app.manageMedia().get(alice, media.id()).description()).isEmpty();
    }

    @Test
    void describing_sets_what_is_given_and_keeps_the_rest() {
        World world = World.of(FanoutMode.PUSH);
        UserId alice = world.register("alice");
        MediaAttachment media = world.app.manageMedia().upload(alice, file("mine"), Optional.of("first"), Optional.empty());

        MediaAttachment focused = world.app.manageMedia().describe(alice, media.id(), Optional.empty(), Optional.of(new Focus(1, 1)));
        assertThat(focused.description()).contains(new MediaDescription("first"));
        assertThat(focused.focus()).isEqualTo(new Focus(1, 1));

        MediaAttachment cleared = world.app.manageMedia().describe(alice, media.id(), Optional.of(" "), Optional.empty());
        assertThat(cleared.description()).isEmpty();
        assertThat(cleared.focus()).isEqualTo(new Focus(1, 1));
        assertThat(world.app.manageMedia().get(alice, media.id())).isEqualTo(cleared);

        assertThatThrownBy(() -> world.app.manageMedia().describe(alice, media.id(), Optional.of("d".repeat(1501)), Optional.empty()))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("description"));
    }

    private static PublishPost.Command post(UserId author, PostText text, MediaId... media) {
        return new PublishPost.Command(author, text, Optional.empty(), Optional.empty(), Optional.empty(), List.of(media));
    }

    @Test
    void a_post_carries_its_uploads_in_their_order_and_they_are_attached_to_it() {
        World world = World.of(FanoutMode.PUSH);
        UserId alice = world.register("alice");
        MediaAttachment first = world.app.manageMedia().upload(alice, file("one"), Optional.of("first"), Optional.empty());
        MediaAttachment second = world.app.manageMedia().upload(alice, file("two"), Optional.empty(), Optional.empty());

        Post post = world.app.publishPost().publish(post(alice, PostText.NONE, second.id(), first.id()));

        assertThat(post.text().isEmpty()).isTrue();
        assertThat(post.media()).extracting(MediaAttachment::id).containsExactly(second.id(), first.id());
        assertThat(world.app.readPost().read(post.id()).media()).extracting(MediaAttachment::id)
                .containsExactly(second.id(), first.id());
        assertThat(world.app.manageMedia().get(alice, first.id()).attachedTo()).contains(post.id());
    }

    @Test
    void a_post_may_not_carry_anothers_upload_or_one_already_posted() {
        World world = World.of(FanoutMode.PUSH);
        UserId alice = world.register("alice");
        UserId bob = world.register("bob");
        MediaAttachment bobs = world.app.manageMedia().upload(bob, file("his"), Optional.empty(), Optional.empty());
        MediaAttachment hers = world.app.manageMedia().upload(alice, file("hers"), Optional.empty(), Optional.empty());
        world.app.publishPost().publish(post(alice, PostText.of("first"), hers.id()));

        assertThatThrownBy(() -> world.app.publishPost().publish(post(alice, PostText.of("stolen"), bobs.id())))
                .isInstanceOfSatisfying(FeedlineException.MediaUnavailable.class, e -> assertThat(e.field()).isEqualTo("mediaIds"));
        assertThatThrownBy(() -> world.app.publishPost().publish(post(alice, PostText.of("again"), hers.id())))
                .isInstanceOfSatisfying(FeedlineException.MediaUnavailable.class, e -> assertThat(e.field()).isEqualTo("mediaIds"));
        assertThat(world.app.manageMedia().get(bob, bobs.id()).isAttached()).isFalse();
    }

    @Test
    void a_post_has_text_or_media_and_at_most_four_uploads() {
        World world = World.of(FanoutMode.PUSH);
        UserId alice = world.register("alice");
        MediaId[] five = new MediaId[5];
        for (int i = 0; i < five.length; i++) {
            five[i] = world.app.manageMedia().upload(alice, file("n" + i), Optional.empty(), Optional.empty()).id();
        }

        assertThatThrownBy(() -> post(alice, PostText.NONE))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("text"));
        assertThatThrownBy(() -> post(alice, PostText.of("five"), five))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("mediaIds"));
        assertThat(world.app.publishPost().publish(post(alice, PostText.of("four"), five[0], five[1], five[2], five[3])).media())
                .hasSize(4);
    }

    @Test
    void uploads_never_attached_are_deleted_once_their_time_is_up_and_attached_ones_stay() {
        World world = World.of(FanoutMode.PUSH);
        UserId alice = world.register("alice");
        MediaAttachment forgotten = world.app.manageMedia().upload(alice, file("forgotten"), Optional.empty(), Optional.empty());
        MediaAttachment posted = world.app.manageMedia().upload(alice, file("posted"), Optional.empty(), Optional.empty());
        world.app.publishPost().publish(post(alice, PostText.of("with a photo"), posted.id()));
        world.clock.advance(java.time.Duration.ofHours(23));
        MediaAttachment recent = world.app.manageMedia().upload(alice, file("recent"), Optional.empty(), Optional.empty());
        world.clock.advance(java.time.Duration.ofHours(2));

        int deleted = world.core.expireUnattachedMedia(java.time.Duration.ofHours(24), 10);

        assertThat(deleted).isEqualTo(1);
        assertThat(world.postStore.media().get(forgotten.id())).isEmpty();
        assertThat(world.mediaStore.exists(forgotten.originalKey())).isFalse();
        assertThat(world.mediaStore.exists(forgotten.smallKey())).isFalse();
        assertThat(world.postStore.media().get(posted.id())).as("attached: kept").isPresent();
        assertThat(world.mediaStore.exists(posted.originalKey())).isTrue();
        assertThat(world.postStore.media().get(recent.id())).as("younger than the ttl: kept").isPresent();
        assertThat(world.mediaStore.exists(recent.smallKey())).isTrue();
        assertThat(world.core.expireUnattachedMedia(java.time.Duration.ofHours(24), 10)).as("a second sweep finds nothing").isZero();
    }

    @Test
    void deleting_a_post_deletes_its_media_through_the_outbox_even_after_a_failed_try() {
        World world = World.of(FanoutMode.PUSH);
        UserId alice = world.register("alice");
        MediaAttachment photo = world.app.manageMedia().upload(alice, file("photo"), Optional.empty(), Optional.empty());
        MediaAttachment other = world.app.manageMedia().upload(alice, file("other"), Optional.empty(), Optional.empty());
        Post post = world.app.publishPost().publish(post(alice, PostText.of("two photos"), photo.id(), other.id()));
        Post kept = world.app.publishPost().publish(post(alice, PostText.of("kept"),
                world.app.manageMedia().upload(alice, file("kept"), Optional.empty(), Optional.empty()).id()));
        world.drain();

        world.mediaStore.failDeletes(true);
        world.app.deletePost().delete(alice, post.id());
        world.drain();
        assertThat(world.postStore.media().get(photo.id())).as("the store failed: the record names what is left").isPresent();

        world.mediaStore.failDeletes(false);
        world.clock.advance(java.time.Duration.ofMinutes(10));
        world.drain();

        for (MediaAttachment gone : List.of(photo, other)) {
            assertThat(world.postStore.media().get(gone.id())).isEmpty();
            assertThat(world.mediaStore.exists(gone.originalKey())).isFalse();
            assertThat(world.mediaStore.exists(gone.smallKey())).isFalse();
        }
        MediaAttachment keptMedia = kept.media().get(0);
        assertThat(world.mediaStore.exists(keptMedia.originalKey())).as("another post's media stay").isTrue();
        assertThat(world.postStore.media().get(keptMedia.id())).isPresent();
        assertThat(world.postStore.jobs().backlog(world.clock.instant().plus(java.time.Duration.ofDays(1))).waitingJobs())
                .as("every purge completed").isZero();
    }
}
