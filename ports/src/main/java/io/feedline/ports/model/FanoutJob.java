package io.feedline.ports.model;

import java.time.Instant;
import java.util.Objects;

/**
 * A unit of deferred feed work, kept in the durable outbox until every reader it concerns is served.
 * Each job has a stable {@link #key()}: enqueueing the same job twice keeps one (a
 * {@link CountDelta}'s deltas are added up instead).
 */
public sealed interface FanoutJob {

    /** The outbox key; one pending job per key. */
    String key();

    /** The lane the job is claimed from (ADR-0021). */
    default JobLane lane() {
        return JobLane.FANOUT;
    }

    /** Write a new post into the feed of each of its author's followers. */
    record Deliver(PostRef post) implements FanoutJob {
        public Deliver {
            Objects.requireNonNull(post, "post");
        }

        @Override
        public String key() {
            return "deliver:" + post.postId().value();
        }
    }

    /**
     * Remove a deleted post, or a withdrawn repost, from the feed of each of its author's
     * followers; a deleted original's reposts are then each retracted by a job of their own.
     */
    record Retract(PostRef post) implements FanoutJob {
        public Retract {
            Objects.requireNonNull(post, "post");
        }

        @Override
        public String key() {
            return "retract:" + post.postId().value();
        }
    }

    /**
     * Remove every entry by {@code author} from {@code reader}'s feed (after an unfollow). Each
     * unfollow has its own {@code unfollowId}, so its purge is never merged into an earlier one
     * that is already running (and may have seen the edge of a re-follow in between).
     */
    record PurgeAuthor(UserId reader, UserId author, String unfollowId) implements FanoutJob {
        public PurgeAuthor {
            Objects.requireNonNull(reader, "reader");
            Objects.requireNonNull(author, "author");
            Objects.requireNonNull(unfollowId, "unfollowId");
        }

        @Override
        public String key() {
            return "purge:" + reader.value() + ":" + author.value() + ":" + unfollowId;
        }

        @Override
        public JobLane lane() {
            return JobLane.RELATIONS;
        }
    }

    /**
     * Copy {@code author}'s newest posts of before {@code followedAt} into {@code reader}'s feed
     * (after a follow), unless the reader no longer follows them; later posts reach the reader
     * through their own deliveries. Enqueued in the follow's own write, so the follow answers after
     * that write and the copies follow in the background (ADR-0021). Each follow has its own
     * {@code followId}, so a re-follow's backfill is never merged into one already running.
     */
    record Backfill(UserId reader, UserId author, String followId, Instant followedAt) implements FanoutJob {
        public Backfill {
            Objects.requireNonNull(reader, "reader");
            Objects.requireNonNull(author, "author");
            Objects.requireNonNull(followId, "followId");
            Objects.requireNonNull(followedAt, "followedAt");
        }

        @Override
        public String key() {
            return "backfill:" + reader.value() + ":" + author.value() + ":" + followId;
        }

        @Override
        public JobLane lane() {
            return JobLane.RELATIONS;
        }
    }

    /**
     * Record one notification event in its recipient's feed. Enqueued by the write that caused it,
     * so the notification is written by the worker and never in the request.
     */
    record Notify(NotificationEvent event) implements FanoutJob {
        public Notify {
            Objects.requireNonNull(event, "event");
        }

        @Override
        public String key() {
            return event.jobKey();
        }
    }

    /**
     * Move one count of {@code post} by {@code delta}: enqueued in the same atomic write as the edge
     * that changes it (a like, an unlike, a reply), and applied by the worker, so a hot post's
     * count is never written in the request. {@code changeId} names whose change it is: one user's
     * like or repost of a post is one state, so all its toggles share one changeId (the user's id)
     * and enqueueing onto a pending job of that key adds its delta to the job's. The job then holds
     * the user's unapplied net change, the caller's answer adds exactly that, and applying it moves
     * the count to the user's state as of that moment, whatever order the toggles came in. A reply
     * is a change of its own ({@code publish-<id>}, {@code delete-<id>}). A merged delta may be 0.
     */
    record CountDelta(PostRef post, CounterKind kind, long delta, String changeId) implements FanoutJob {
        public CountDelta {
            Objects.requireNonNull(post, "post");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(changeId, "changeId");
            if (changeId.isEmpty() || changeId.contains(":")) {
                throw new IllegalArgumentException("changeId must be non-empty and hold no ':'");
            }
        }

        /** The job with the pending delta {@code merged} that its key holds now. */
        public CountDelta withDelta(long merged) {
            return new CountDelta(post, kind, merged, changeId);
        }

        @Override
        public String key() {
            return "count:" + kind.wireName() + ":" + post.postId().value() + ":" + changeId;
        }
    }
    /**
     * Make the search index agree with {@code post} as it is now: index it if it exists, remove it
     * if not. Enqueued by the write that changes the post ({@code cause}: "publish", "delete"), so a
     * publish and a delete are two jobs and whichever runs last leaves the index right.
     */
    record IndexPost(PostRef post, String cause) implements FanoutJob {
        public IndexPost {
            Objects.requireNonNull(post, "post");
            Objects.requireNonNull(cause, "cause");
            if (cause.isEmpty() || cause.contains(":")) {
                throw new IllegalArgumentException("cause must be non-empty and hold no ':'");
            }
        }

        @Override
        public String key() {
            return "search:post:" + post.postId().value() + ":" + cause;
        }
    }

    /** Index {@code user}'s account as it is now (for an index that keeps accounts). */
    record IndexAccount(UserId user) implements FanoutJob {
        public IndexAccount {
            Objects.requireNonNull(user, "user");
        }

        @Override
        public String key() {
            return "search:account:" + user.value();
        }
    }

    /**
     * A tagged post's work for one of its tags: count the use (trending, autocomplete) and, when
     * the tag's posts are pushed, write the post into the feed of each of the tag's followers. One
     * job per tag, so a tag's follower pages are checkpointed as an author's are.
     */
    record TagPost(PostRef post, Tag tag) implements FanoutJob {
        public TagPost {
            Objects.requireNonNull(post, "post");
            Objects.requireNonNull(tag, "tag");
        }

        @Override
        public String key() {
            return "tag:" + post.postId().value() + ":" + tag.value();
        }
    }

    /**
     * Remove the entries that reached {@code reader}'s feed through {@code entity} (after the reader
     * unfollowed it), sparing those the reader still receives another way. As with
     * {@link PurgeAuthor}, each unfollow has its own {@code unfollowId}.
     */
    record PurgeEntity(UserId reader, EntityRef entity, String unfollowId) implements FanoutJob {
        public PurgeEntity {
            Objects.requireNonNull(reader, "reader");
            Objects.requireNonNull(entity, "entity");
            Objects.requireNonNull(unfollowId, "unfollowId");
        }

        @Override
        public String key() {
            return "purge-entity:" + reader.value() + ":" + entity.wire() + ":" + unfollowId;
        }

        @Override
        public JobLane lane() {
            return JobLane.RELATIONS;
        }
    }

    /**
     * Tell each subscriber of {@code post}'s author (those who asked to be notified of the author's
     * posts) about the new post: enqueued with an original post's publish, worked by the worker a
     * page of subscribers at a time from its checkpoint, one {@code post} notification each.
     */
    record NotifySubscribers(PostRef post) implements FanoutJob {
        public NotifySubscribers {
            Objects.requireNonNull(post, "post");
        }

        @Override
        public String key() {
            return "subscribers:" + post.postId().value();
        }
    }

    /**
     * Delete one attachment of a deleted post: its objects in the media store, then its record.
     * Enqueued in the post's own delete, so a crash between the two writes loses nothing; run
     * again, it deletes what is left, and once the record is gone it does nothing.
     */
    record PurgeMedia(MediaId media, UserId owner) implements FanoutJob {
        public PurgeMedia {
            Objects.requireNonNull(media, "media");
            Objects.requireNonNull(owner, "owner");
        }

        @Override
        public String key() {
            return "media:" + media.value();
        }
    }
}
