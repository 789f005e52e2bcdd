package io.feedline.ports.out;

import io.feedline.ports.model.Notification;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserId;
import java.util.Optional;
import java.util.Set;

/**
 * Each user's notifications feed and read marker. Rows are written by the outbox worker only; every
 * row expires after the store's retention.
 */
public interface Notifications {

    /**
     * Adds the event to its row ({@link io.feedline.ports.model.NotificationEvent#notificationId()}),
     * creating it if new. Idempotent per row and actor: recording the same event again changes
     * nothing, so the row's count is the number of distinct actors.
     */
    void record(NotificationEvent event);

    /**
     * Records the events of claimed {@link io.feedline.ports.model.FanoutJob.Notify} jobs and
     * completes each job, the two in one atomic write: the events of the batch that land on one row
     * are folded into one write of that row (an adapter may split a large fold into a few), with
     * each job's completion conditioned on its lease, as {@link PostCounters#apply} completes count
     * jobs. An actor the row already counts (a redelivered job) is not counted again; its job is
     * completed. A job whose lease was lost is neither recorded nor completed (its new holder
     * records it). Needs the outbox the jobs were claimed from ({@link FanoutJobs}, which shares
     * this port's storage). Returns how many jobs it completed.
     *
     * @throws IllegalArgumentException if a job is not a {@link io.feedline.ports.model.FanoutJob.Notify}
     */
    int recordClaimed(java.util.List<io.feedline.ports.model.ClaimedJob> jobs);

    /**
     * The recipient's rows, newest id first, of the given types (all if empty). A page of a filtered
     * list may hold fewer than the limit and still have a next position.
     */
    Page<Notification> page(UserId recipient, Set<NotificationType> types, PageRequest page);

    /**
     * Deletes the recipient's row {@code id}. The actors it counted stay counted, so a redelivered
     * event does not bring it back; a new actor's event starts the row again, counting from one.
     *
     * @return whether there was such a row
     */
    boolean dismiss(UserId recipient, String id);

    /** The id the recipient has read up to, if they ever marked any read. */
    Optional<String> readMarker(UserId recipient);

    /** Moves the read marker to {@code upTo}; a marker already past it stays. */
    void markRead(UserId recipient, String upTo);

    /** How many rows are newer than {@code marker} (all if empty), counting at most {@code cap}. */
    int countAfter(UserId recipient, Optional<String> marker, int cap);
}
