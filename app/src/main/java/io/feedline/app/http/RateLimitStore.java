package io.feedline.app.http;

import java.time.Duration;

/**
 * Where the rate limits' token buckets live, as this layer asks for them: in this process
 * ({@link LocalRateLimitStore}), or in an engine every server process shares, which the composition
 * root hands in. A shared store that fails throws; {@link FallbackRateLimitStore} then answers from
 * this process's buckets.
 */
public interface RateLimitStore {

    /**
     * Takes one token from the bucket of {@code limit} (sized {@code rate}) for {@code key}.
     *
     * @return zero when taken; otherwise nothing was taken and this is the wait until a token is there
     */
    Duration take(String limit, HttpApi.Rate rate, String key);

    /** As {@link #take}, taking nothing: zero when a token is there now, else the wait until one is. */
    Duration available(String limit, HttpApi.Rate rate, String key);
}
