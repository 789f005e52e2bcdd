package io.feedline.domain.fanout;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.FollowGraph;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/** Who a job reaches: an author's followers, re-checked as they are now, and the walk of a retraction. */
final class Audiences {
    private final FollowGraph graph;
    private final FanoutJobs jobs;
    private final Clock clock;
    private final FanoutSettings settings;

    Audiences(FollowGraph graph, FanoutJobs jobs, Clock clock, FanoutSettings settings) {
        this.graph = graph;
        this.jobs = jobs;
        this.clock = clock;
        this.settings = settings;
    }

    /**
     * The page's followers who still follow the author, in page order: the index the page came
     * from may lag, and an unfollow (with its purge) may have landed since the page was read.
     */
    static List<UserId> stillFollowing(Audience audience, List<UserId> page) {
        if (page.isEmpty()) {
            return page;
        }
        Set<UserId> current = audience.among().apply(page);
        return page.stream().filter(current::contains).toList();
    }

    /**
     * Who a delivery goes to: an author's followers, or a tag's, a page or a run of pages at a time,
     * re-checked as they are now.
     */
    record Audience(
            Function<PageRequest, Page<UserId>> page,
            BiFunction<PageRequest, Integer, List<Page<UserId>>> run,
            Function<List<UserId>, Set<UserId>> among) {}

    Audience ofAuthor(UserId author) {
        return new Audience(request -> graph.followers(author, request),
                (first, pages) -> graph.followerPages(author, first, pages),
                page -> graph.followersAmong(author, page));
    }

    interface PageAction {
        void apply(PostRef post, List<UserId> readers);
    }

    /** The author and every follower, a page at a time, from the job's checkpoint (retractions). */
    void walk(DeliveryRun run, PostRef post, PageAction action) {
        if (run.claimed.checkpoint().isEmpty()) {
            action.apply(post, List.of(post.authorId()));
        }
        while (true) {
            Page<UserId> page = graph.followers(post.authorId(), new PageRequest(run.claimed.checkpoint(), settings.fanoutPageSize()));
            if (!page.items().isEmpty()) {
                action.apply(post, page.items());
            }
            if (page.next().isEmpty()) {
                break;
            }
            run.claimed = jobs.checkpoint(run.claimed, page.next().get(), clock.instant(), settings.jobLease());
        }
    }
}
