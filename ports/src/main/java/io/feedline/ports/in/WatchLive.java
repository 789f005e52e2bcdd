package io.feedline.ports.in;

import io.feedline.ports.model.LiveEvent;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.LiveEvents;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Live streams: the events of the whole deployment as they happen, and what each one shows a
 * reader, under the same rules as the pages the reader would read (the home feed's sources and
 * reply rule, mutes and blocks). A driving adapter holding streams subscribes once and asks these
 * questions per stream.
 */
public interface WatchLive {

    /** Calls {@code listener} with every live event from now on (see {@link LiveEvents#subscribe}). */
    Subscription subscribe(Consumer<LiveEvent> listener);

    /**
     * What the event adds to {@code reader}'s home feed, oldest first: the posts of deliveries to them,
     * or a published post that their feed merges in at read time (a followed celebrity's or hot
     * tag's, every followed author's and tag's in pull mode, their own), shown as the feed shows it
     * (a repost as its original, with who reposted it), and nothing the feed would hide. The
     * reader's read-time sources are cached for a few seconds, so a follow reaches this a little
     * after it reaches the feed. A post that reaches the feed two ways (its author's fan-out and a
     * followed tag's) may be shown by two events: a stream shows each post once.
     */
    List<Post> home(UserId reader, LiveEvent event);

    /**
     * The published post a public or tag stream shows {@code viewer} (anonymous if empty): originals
     * and replies, not reposts, less what a signed-in viewer mutes or blocks or is blocked by.
     */
    Optional<Post> published(Optional<UserId> viewer, LiveEvent.Published event);

    /** A subscription; closing it stops its listener. */
    interface Subscription extends AutoCloseable {
        @Override
        void close();
    }
}
