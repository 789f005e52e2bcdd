package io.feedline.ports.out;

import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Token buckets for rate limits, one per limit and key (a user, an address, a username), refilled
 * smoothly. An implementation shared by every server process makes a limit hold across all of them
 * rather than once per process. A bucket nobody used for a whole period is full again, so an
 * implementation may forget it then.
 *
 * @throws io.feedline.ports.model.FeedlineException.StorageUnavailable from any method, when the
 *         engine behind the buckets does not answer
 */
public interface RateLimitBuckets {

    /**
     * A bucket size: {@code requests} per {@code period}, under a {@code name} that keeps the buckets
     * of different limits apart for the same key.
     */
    record Limit(String name, long requests, Duration period) {
        private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]*");

        public Limit {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(period, "period");
            if (!NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("a limit's name is lower-case letters, digits and '-', got '" + name + "'");
            }
            if (requests < 1 || period.toMillis() < 1) {
                throw new IllegalArgumentException("a rate limit needs requests >= 1 and a period of at least 1 ms");
            }
        }
    }

    /**
     * Takes one token from the key's bucket.
     *
     * @return zero when a token was taken; otherwise nothing was taken and this is the wait until one is there
     */
    Duration take(Limit limit, String key);

    /**
     * Looks at the key's bucket, taking nothing: for limits charged only on failure.
     *
     * @return zero when a token is there now; otherwise the wait until one is
     */
    Duration available(Limit limit, String key);
}
