package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Focus;
import io.feedline.ports.model.MediaAttachment;
import io.feedline.ports.model.MediaDescription;
import io.feedline.ports.model.MediaId;
import io.feedline.ports.model.MediaKey;
import io.feedline.ports.model.MediaKind;
import io.feedline.ports.model.MediaMeta;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.MediaAttachments;
import io.feedline.ports.out.Posts;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What every {@link MediaAttachments} adapter must do with the {@link Posts} of the same storage:
 * records round-trip whole, only an unattached record's owner changes it, and a publish attaches
 * its media in its own write, all or nothing. Each test uses fresh owners and ids.
 */
public abstract class MediaAttachmentsContract {

    /** The posts and media records under test, sharing one storage. */
    public record Store(Posts posts, MediaAttachments media) {
        public Store {
            Objects.requireNonNull(posts, "posts");
            Objects.requireNonNull(media, "media");
        }
    }

    /** Called at most once per test. */
    protected abstract Store store();

    private static MediaId mediaId() {
        return MediaId.of(TestIds.postId().value());
    }

    static MediaAttachment upload(UserId owner, Instant at) {
        MediaId id = mediaId();
        return new MediaAttachment(id, owner, MediaKind.IMAGE, MediaKey.of("media/" + id + "/original.jpg"),
                MediaKey.of("media/" + id + "/small.jpg"), new MediaMeta(1200, 800, 123_456), new MediaMeta(640, 427, 20_000),
                "LEHV6nWB2yk8pyo0adR*.7kCMdnj", Optional.empty(), Focus.CENTRE, at, Optional.empty());
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    private static Post post(UserId author, String text) {
        return new Post(TestIds.postId(), author, TestIds.username(), PostText.of(text), now(), 0);
    }

    @Test
    void a_saved_record_reads_back_whole() {
        MediaAttachments media = store().media();
        MediaAttachment saved = upload(TestIds.userId(), now())
                .described(Optional.of(new MediaDescription("a cat on a warm roof, ünïcode ✓")), new Focus(-0.5, 0.25));

        assertThat(media.save(saved)).isTrue();

        assertThat(media.get(saved.id())).contains(saved);
        assertThat(media.get(mediaId())).isEmpty();
    }

    @Test
    void a_second_save_of_an_id_changes_nothing() {
        MediaAttachments media = store().media();
        MediaAttachment first = upload(TestIds.userId(), now());
        media.save(first);

        MediaAttachment again = first.described(Optional.of(new MediaDescription("other")), Focus.CENTRE);
        assertThat(media.save(again)).isFalse();

        assertThat(media.get(first.id())).contains(first);
    }

    @Test
    void the_owner_updates_description_and_focus_of_an_unattached_record() {
        MediaAttachments media = store().media();
        MediaAttachment saved = upload(TestIds.userId(), now());
        media.save(saved);

        MediaAttachment changed = saved.described(Optional.of(new MediaDescription("a dog")), new Focus(1, -1));
        assertThat(media.update(changed)).isTrue();
        assertThat(media.get(saved.id())).contains(changed);

        MediaAttachment cleared = changed.described(Optional.empty(), Focus.CENTRE);
        assertThat(media.update(cleared)).isTrue();
        assertThat(media.get(saved.id())).contains(cleared);
    }

    @Test
    void an_update_under_another_owner_or_of_a_missing_record_changes_nothing() {
        MediaAttachments media = store().media();
        MediaAttachment saved = upload(TestIds.userId(), now());
        media.save(saved);

        MediaAttachment stranger = new MediaAttachment(saved.id(), TestIds.userId(), saved.kind(), saved.originalKey(),
                saved.smallKey(), saved.original(), saved.small(), saved.blurhash(),
                Optional.of(new MediaDescription("not mine")), saved.focus(), saved.createdAt(), Optional.empty());
        assertThat(media.update(stranger)).isFalse();
        assertThat(media.get(saved.id())).contains(saved);

        assertThat(media.update(upload(TestIds.userId(), now()))).isFalse();
    }

    @Test
    void a_publish_attaches_its_media_and_the_post_carries_them() {
        Store store = store();
        UserId author = TestIds.userId();
        MediaAttachment first = upload(author, now());
        MediaAttachment second = upload(author, now());
        store.media().save(first);
        store.media().save(second);

        Post post = post(author, "two photos").withMedia(List.of(second, first));
        assertThat(store.posts().publish(post, Optional.empty())).isTrue();

        assertThat(store.media().get(first.id())).contains(first.attachedTo(post.id()));
        assertThat(store.media().get(second.id())).contains(second.attachedTo(post.id()));
        assertThat(store.posts().get(post.ref()).orElseThrow().media())
                .containsExactly(second.attachedTo(post.id()), first.attachedTo(post.id()));
        assertThat(store.posts().get(post.id()).orElseThrow().media()).hasSize(2);
        assertThat(store.posts().getAll(List.of(post.ref())).getFirst().media()).hasSize(2);
        assertThat(store.posts().byAuthor(author, Optional.empty(), 10).getFirst().media()).hasSize(2);
    }

    @Test
    void an_attached_record_no_longer_changes_and_is_not_attached_again() {
        Store store = store();
        UserId author = TestIds.userId();
        MediaAttachment photo = upload(author, now());
        store.media().save(photo);
        Post first = post(author, "first").withMedia(List.of(photo));
        store.posts().publish(first, Optional.empty());

        assertThat(store.media().update(photo.described(Optional.of(new MediaDescription("late")), Focus.CENTRE))).isFalse();

        Post second = post(author, "second").withMedia(List.of(photo));
        assertThatThrownBy(() -> store.posts().publish(second, Optional.empty()))
                .isInstanceOfSatisfying(FeedlineException.MediaUnavailable.class, e -> assertThat(e.field()).isEqualTo("mediaIds"));
        assertThat(store.posts().get(second.ref())).isEmpty();
        assertThat(store.media().get(photo.id()).orElseThrow().attachedTo()).contains(first.id());
    }

    @Test
    void a_publish_with_another_users_media_writes_nothing() {
        Store store = store();
        UserId author = TestIds.userId();
        MediaAttachment mine = upload(author, now());
        MediaAttachment theirs = upload(TestIds.userId(), now());
        store.media().save(mine);
        store.media().save(theirs);

        Post post = post(author, "not all mine").withMedia(List.of(mine, theirs));
        assertThatThrownBy(() -> store.posts().publish(post, Optional.empty()))
                .isInstanceOf(FeedlineException.MediaUnavailable.class);

        assertThat(store.posts().get(post.ref())).isEmpty();
        assertThat(store.posts().countByAuthor(author)).isZero();
        assertThat(store.media().get(mine.id())).contains(mine);
        assertThat(store.media().get(theirs.id())).contains(theirs);
    }

    @Test
    void a_publish_with_unknown_media_writes_nothing() {
        Store store = store();
        UserId author = TestIds.userId();
        Post post = post(author, "ghost").withMedia(List.of(upload(author, now())));

        assertThatThrownBy(() -> store.posts().publish(post, Optional.empty()))
                .isInstanceOf(FeedlineException.MediaUnavailable.class);
        assertThat(store.posts().get(post.ref())).isEmpty();
    }

    @Test
    void a_post_carries_at_most_four_attachments() {
        UserId author = TestIds.userId();
        List<MediaAttachment> five = List.of(upload(author, now()), upload(author, now()), upload(author, now()),
                upload(author, now()), upload(author, now()));
        assertThatThrownBy(() -> post(author, "five").withMedia(five))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("mediaIds"));
    }

    @Test
    void unattached_records_before_a_cutoff_are_listed_oldest_first() {
        Store store = store();
        UserId owner = TestIds.userId();
        // Far in the past, so records other tests leave behind sort after these.
        Instant base = Instant.parse("2001-01-01T00:00:00Z").plus(Duration.ofMillis(System.nanoTime() % 1_000_000_000L));
        MediaAttachment oldest = upload(owner, base);
        MediaAttachment older = upload(owner, base.plusSeconds(1));
        MediaAttachment attached = upload(owner, base.plusSeconds(2));
        MediaAttachment recent = upload(owner, base.plusSeconds(10));
        List.of(recent, attached, older, oldest).forEach(store.media()::save);
        store.posts().publish(post(owner, "kept").withMedia(List.of(attached)), Optional.empty());

        List<MediaAttachment> due = store.media().unattachedBefore(base.plusSeconds(5), 1000).stream()
                .filter(m -> m.owner().equals(owner))
                .toList();
        assertThat(due).containsExactly(oldest, older);
        assertThat(store.media().unattachedBefore(base.plusSeconds(5), 1).getFirst().createdAt()).isBeforeOrEqualTo(base);
    }

    @Test
    void only_an_unattached_record_is_deleted_as_unattached() {
        Store store = store();
        UserId owner = TestIds.userId();
        MediaAttachment loose = upload(owner, now());
        MediaAttachment attached = upload(owner, now());
        store.media().save(loose);
        store.media().save(attached);
        Post post = post(owner, "keeps one").withMedia(List.of(attached));
        store.posts().publish(post, Optional.empty());

        assertThat(store.media().deleteUnattached(loose.id())).isTrue();
        assertThat(store.media().deleteUnattached(loose.id())).isFalse();
        assertThat(store.media().deleteUnattached(attached.id())).isFalse();
        assertThat(store.media().get(loose.id())).isEmpty();
        assertThat(store.media().get(attached.id())).isPresent();
        assertThat(store.media().unattachedBefore(Instant.now().plusSeconds(60), 10_000)).noneMatch(m -> m.id().equals(loose.id()));

        store.media().delete(attached.id());
        store.media().delete(attached.id());
        assertThat(store.media().get(attached.id())).isEmpty();
        assertThat(store.posts().get(post.ref()).orElseThrow().media()).hasSize(1);
    }

    @Test
    void a_post_without_media_carries_none() {
        Store store = store();
        UserId author = TestIds.userId();
        Post post = post(author, "words only");
        store.posts().publish(post, Optional.empty());
        assertThat(store.posts().get(post.ref()).orElseThrow().media()).isEmpty();
    }
}
