package io.feedline.domain;

/**
 * How many cache operations failed since start, by kind: the caches never fail a request, so these
 * counts (on {@code /metrics}) are how an operator sees that one is down.
 *
 * @param postCacheReads post cache reads answered from the durable store instead
 * @param postCacheWrites post cache write-backs, count moves and evictions that failed
 * @param timelineWrites hot-window writes that failed (the reader's window is then evicted or distrusted)
 */
public record CacheFailures(long postCacheReads, long postCacheWrites, long timelineWrites) {}
