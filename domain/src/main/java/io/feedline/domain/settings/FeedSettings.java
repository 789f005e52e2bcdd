package io.feedline.domain.settings;

import io.feedline.domain.fanout.FanoutSettings;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.PostText;
import java.time.Duration;
import java.util.Objects;

/**
 * How the home feed is built.
 *
 * @param mode push, pull or hybrid
 * @param celebrityThreshold followers at which an author's posts stop being fanned out (hybrid)
 * @param backfillPosts the followee's newest posts copied into a new follower's feed
 * @param windowSize how many entries a rebuilt hot window holds (the timeline cache's cap)
 * @param pullParallelism how many author queries a pull merge runs at once
 * @param maxColdPullSources the most followees a cold reader's bounded pull merge reads
 * @param celebrityCacheTtl how long this process trusts its copy of the celebrity set
 * @param fanoutPageSize followers read per fan-out page (one checkpoint per page)
 * @param jobLease how long a claimed fan-out job stays leased without a checkpoint
 * @param jobsPerClaim jobs a worker holds and works at once (its claim tops up to this many)
 * @param idlePoll how long an idle worker waits before polling the outbox again
 * @param workerConcurrency storage calls one worker runs at once, each on a virtual thread
 * @param feedRetention how long a durable feed item lives (an unfollow purges the author's posts of
 *     this window, plus the backfilled ones, by key)
 * @param maxFollowing the most accounts one user may follow ({@code graph.max-following})
 * @param maxPullSources the most followees one pull-mode page merges ({@code feed.max-pull-sources})
 * @param articleMaxCharacters the longest article body ({@code posts.article-max-characters}); a
 *     post that is no article keeps {@link PostText#MAX_CODE_POINTS}
 * @param celebrityReadsTtl how long this process keeps a reader's edges to the celebrities and each
 *     celebrity's newest entries ({@code feed.celebrity-reads-ttl}; zero keeps nothing): its own
 *     changes show at once, another process's within this
 * @param registrationsOpen whether anyone may sign up ({@code registrations.open}), on both APIs
 */
public record FeedSettings(
        FanoutMode mode,
        long celebrityThreshold,
        int backfillPosts,
        int windowSize,
        int pullParallelism,
        int maxColdPullSources,
        Duration celebrityCacheTtl,
        int fanoutPageSize,
        Duration jobLease,
        int jobsPerClaim,
        Duration idlePoll,
        int workerConcurrency,
        Duration feedRetention,
        int maxFollowing,
        int maxPullSources,
        int articleMaxCharacters,
        Duration celebrityReadsTtl,
        boolean registrationsOpen) {
    /** The reposts of one post that the home feed's repost rule examines; past this a post may show more than once. */
    public static final int MAX_REPOSTS_READ = 1000;


    public FeedSettings {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(celebrityCacheTtl, "celebrityCacheTtl");
        Objects.requireNonNull(jobLease, "jobLease");
        Objects.requireNonNull(idlePoll, "idlePoll");
        Objects.requireNonNull(feedRetention, "feedRetention");
        Objects.requireNonNull(celebrityReadsTtl, "celebrityReadsTtl");
        if (celebrityReadsTtl.isNegative()) {
            throw new IllegalArgumentException("feed.celebrity-reads-ttl must not be negative");
        }
        requirePositive("fanout.celebrity-threshold", celebrityThreshold);
        requirePositive("fanout.backfill-posts", backfillPosts + 1);
        requirePositive("timelines.cap", windowSize);
        requirePositive("feed.pull-parallelism", pullParallelism);
        requirePositive("feed.max-cold-pull-sources", maxColdPullSources);
        requirePositive("fanout.page-size", fanoutPageSize);
        if (fanoutPageSize > 100) {
            throw new IllegalArgumentException("fanout.page-size must be at most 100");
        }
        requirePositive("worker.batch", jobsPerClaim);
        requirePositive("worker.concurrency", workerConcurrency);
        requirePositive("feed.retention", feedRetention.toMillis());
        requirePositive("graph.max-following", maxFollowing);
        requirePositive("feed.max-pull-sources", maxPullSources);
        if (articleMaxCharacters < PostText.MAX_CODE_POINTS || articleMaxCharacters > PostText.MAX_ARTICLE_CODE_POINTS) {
            throw new IllegalArgumentException("posts.article-max-characters must be from " + PostText.MAX_CODE_POINTS
                    + " to " + PostText.MAX_ARTICLE_CODE_POINTS);
        }
    }

    private static void requirePositive(String key, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(key + " must be positive");
        }
    }

    /** What the fan-out reads of these settings. */
    public FanoutSettings fanout() {
        return new FanoutSettings(idlePoll, jobLease, jobsPerClaim, workerConcurrency, fanoutPageSize, backfillPosts,
                feedRetention, MAX_REPOSTS_READ);
    }

    public static FeedSettings defaults() {
        return new FeedSettings(
                FanoutMode.HYBRID, 10_000, 100, 800, 16, 200,
                Duration.ofSeconds(5), 100, Duration.ofSeconds(30), 64, Duration.ofMillis(200), 16,
                Duration.ofDays(90), 5_000, 5_000, 20_000, Duration.ofSeconds(1), true);
    }

    public FeedSettings withMode(FanoutMode value) {
        return new FeedSettings(value, celebrityThreshold, backfillPosts, windowSize, pullParallelism, maxColdPullSources, celebrityCacheTtl, fanoutPageSize, jobLease, jobsPerClaim, idlePoll, workerConcurrency, feedRetention, maxFollowing, maxPullSources, articleMaxCharacters, celebrityReadsTtl, registrationsOpen);
    }

    public FeedSettings withCelebrityThreshold(long value) {
        return new FeedSettings(mode, value, backfillPosts, windowSize, pullParallelism, maxColdPullSources, celebrityCacheTtl, fanoutPageSize, jobLease, jobsPerClaim, idlePoll, workerConcurrency, feedRetention, maxFollowing, maxPullSources, articleMaxCharacters, celebrityReadsTtl, registrationsOpen);
    }

    public FeedSettings withBackfillPosts(int value) {
        return new FeedSettings(mode, celebrityThreshold, value, windowSize, pullParallelism, maxColdPullSources, celebrityCacheTtl, fanoutPageSize, jobLease, jobsPerClaim, idlePoll, workerConcurrency, feedRetention, maxFollowing, maxPullSources, articleMaxCharacters, celebrityReadsTtl, registrationsOpen);
    }

    public FeedSettings withWindowSize(int value) {
        return new FeedSettings(mode, celebrityThreshold, backfillPosts, value, pullParallelism, maxColdPullSources, celebrityCacheTtl, fanoutPageSize, jobLease, jobsPerClaim, idlePoll, workerConcurrency, feedRetention, maxFollowing, maxPullSources, articleMaxCharacters, celebrityReadsTtl, registrationsOpen);
    }

    public FeedSettings withFanoutPageSize(int value) {
        return new FeedSettings(mode, celebrityThreshold, backfillPosts, windowSize, pullParallelism, maxColdPullSources, celebrityCacheTtl, value, jobLease, jobsPerClaim, idlePoll, workerConcurrency, feedRetention, maxFollowing, maxPullSources, articleMaxCharacters, celebrityReadsTtl, registrationsOpen);
    }

    public FeedSettings withJobLease(Duration value) {
        return new FeedSettings(mode, celebrityThreshold, backfillPosts, windowSize, pullParallelism, maxColdPullSources, celebrityCacheTtl, fanoutPageSize, value, jobsPerClaim, idlePoll, workerConcurrency, feedRetention, maxFollowing, maxPullSources, articleMaxCharacters, celebrityReadsTtl, registrationsOpen);
    }

    public FeedSettings withJobsPerClaim(int value) {
        return new FeedSettings(mode, celebrityThreshold, backfillPosts, windowSize, pullParallelism, maxColdPullSources, celebrityCacheTtl, fanoutPageSize, jobLease, value, idlePoll, workerConcurrency, feedRetention, maxFollowing, maxPullSources, articleMaxCharacters, celebrityReadsTtl, registrationsOpen);
    }

    public FeedSettings withIdlePoll(Duration value) {
        return new FeedSettings(mode, celebrityThreshold, backfillPosts, windowSize, pullParallelism, maxColdPullSources, celebrityCacheTtl, fanoutPageSize, jobLease, jobsPerClaim, value, workerConcurrency, feedRetention, maxFollowing, maxPullSources, articleMaxCharacters, celebrityReadsTtl, registrationsOpen);
    }

    public FeedSettings withWorkerConcurrency(int value) {
        return new FeedSettings(mode, celebrityThreshold, backfillPosts, windowSize, pullParallelism, maxColdPullSources, celebrityCacheTtl, fanoutPageSize, jobLease, jobsPerClaim, idlePoll, value, feedRetention, maxFollowing, maxPullSources, articleMaxCharacters, celebrityReadsTtl, registrationsOpen);
    }

    public FeedSettings withFeedRetention(Duration value) {
        return new FeedSettings(mode, celebrityThreshold, backfillPosts, windowSize, pullParallelism, maxColdPullSources, celebrityCacheTtl, fanoutPageSize, jobLease, jobsPerClaim, idlePoll, workerConcurrency, value, maxFollowing, maxPullSources, articleMaxCharacters, celebrityReadsTtl, registrationsOpen);
    }

    public FeedSettings withMaxFollowing(int value) {
        return new FeedSettings(mode, celebrityThreshold, backfillPosts, windowSize, pullParallelism, maxColdPullSources, celebrityCacheTtl, fanoutPageSize, jobLease, jobsPerClaim, idlePoll, workerConcurrency, feedRetention, value, maxPullSources, articleMaxCharacters, celebrityReadsTtl, registrationsOpen);
    }

    public FeedSettings withMaxPullSources(int value) {
        return new FeedSettings(mode, celebrityThreshold, backfillPosts, windowSize, pullParallelism, maxColdPullSources, celebrityCacheTtl, fanoutPageSize, jobLease, jobsPerClaim, idlePoll, workerConcurrency, feedRetention, maxFollowing, value, articleMaxCharacters, celebrityReadsTtl, registrationsOpen);
    }

    public FeedSettings withArticleMaxCharacters(int value) {
        return new FeedSettings(mode, celebrityThreshold, backfillPosts, windowSize, pullParallelism, maxColdPullSources, celebrityCacheTtl, fanoutPageSize, jobLease, jobsPerClaim, idlePoll, workerConcurrency, feedRetention, maxFollowing, maxPullSources, value, celebrityReadsTtl, registrationsOpen);
    }

    public FeedSettings withCelebrityReadsTtl(Duration value) {
        return new FeedSettings(mode, celebrityThreshold, backfillPosts, windowSize, pullParallelism, maxColdPullSources, celebrityCacheTtl, fanoutPageSize, jobLease, jobsPerClaim, idlePoll, workerConcurrency, feedRetention, maxFollowing, maxPullSources, articleMaxCharacters, value, registrationsOpen);
    }

    public FeedSettings withRegistrationsOpen(boolean value) {
        return new FeedSettings(mode, celebrityThreshold, backfillPosts, windowSize, pullParallelism, maxColdPullSources, celebrityCacheTtl, fanoutPageSize, jobLease, jobsPerClaim, idlePoll, workerConcurrency, feedRetention, maxFollowing, maxPullSources, articleMaxCharacters, celebrityReadsTtl, value);
    }
}
