package io.feedline.adapter.s3;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.MediaKey;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where media live in S3 and how to reach them.
 *
 * @param endpoint an S3-compatible server's URL, or empty for AWS itself (the region's endpoint)
 * @param region the AWS region (any valid name for most S3-compatible servers)
 * @param bucket the bucket, which must exist; S3's naming rules apply
 * @param keyPrefix put before every key with a {@code /}, so one bucket can hold several
 *     installations; empty for none
 * @param pathStyle {@code true} for {@code endpoint/bucket/key} (most S3-compatible servers),
 *     {@code false} for {@code bucket.endpoint/key} (virtual-host, AWS's default)
 * @param accessKey fixed credentials; empty for the default AWS chain (environment, profile,
 *     instance role)
 * @param callTimeout the most one call may take, SDK retries included
 */
public record S3MediaSettings(
        Optional<URI> endpoint,
        String region,
        String bucket,
        String keyPrefix,
        boolean pathStyle,
        Optional<AccessKey> accessKey,
        Duration callTimeout) {

    public static final String DEFAULT_REGION = "us-east-1";
    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(30);

    // S3's rule for general-purpose bucket names, without the IP-address shape it also forbids.
    private static final Pattern BUCKET = Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]");

    /** A fixed access key; the secret never shows in {@link #toString()}. */
    public record AccessKey(String id, String secret) {
        public AccessKey {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(secret, "secret");
        }

        @Override
        public String toString() {
            return "AccessKey[id=" + id + ", secret=***]";
        }
    }

    public S3MediaSettings {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(accessKey, "accessKey");
        if (region == null || region.isBlank()) {
            throw new FeedlineException.InvalidInput("media.s3.region", "media.s3.region is required");
        }
        if (bucket == null || !BUCKET.matcher(bucket).matches() || bucket.contains("..")) {
            throw new FeedlineException.InvalidInput("media.s3.bucket",
                    "media.s3.bucket must be 3-63 characters of a-z, 0-9, '.' and '-', starting and ending with a letter or digit");
        }
        keyPrefix = keyPrefix == null ? "" : keyPrefix;
        if (!keyPrefix.isEmpty()) {
            try {
                MediaKey.of(keyPrefix);
            } catch (FeedlineException.InvalidInput e) {
                throw new FeedlineException.InvalidInput("media.s3.key-prefix",
                        "media.s3.key-prefix must be empty or shaped like a media key: " + e.getMessage());
            }
        }
        if (callTimeout == null || callTimeout.isNegative() || callTimeout.isZero()) {
            throw new FeedlineException.InvalidInput("media.s3.call-timeout", "media.s3.call-timeout must be positive");
        }
    }

    /** AWS in {@code region}, virtual-host addressing, the default credential chain. */
    public static S3MediaSettings aws(String region, String bucket, String keyPrefix) {
        return new S3MediaSettings(Optional.empty(), region, bucket, keyPrefix, false, Optional.empty(), DEFAULT_CALL_TIMEOUT);
    }

    /** The name of {@code key}'s object in the bucket. */
    String objectKey(MediaKey key) {
        return keyPrefix.isEmpty() ? key.value() : keyPrefix + "/" + key.value();
    }
}
