package io.feedline.adapter.s3;

import io.feedline.ports.model.ContentType;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.MediaKey;
import io.feedline.ports.model.StoredMedia;
import io.feedline.ports.out.MediaStore;
import java.io.InputStream;
import java.time.Duration;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Media as objects in one S3 bucket, under the settings' key prefix. S3 itself makes a put atomic:
 * an object appears whole when its upload completes, and an upload cut short stores nothing. The
 * content type is the object's {@code Content-Type}, so a CDN in front of the bucket serves it as is.
 */
public final class S3MediaStore implements MediaStore, AutoCloseable {
    private static final String COMPONENT = "media";

    private final S3Client client;
    private final S3MediaSettings settings;

    private S3MediaStore(S3Client client, S3MediaSettings settings) {
        this.client = client;
        this.settings = settings;
    }

    /** Connects to the bucket of {@code settings}; no request is sent until the first call. */
    public static S3MediaStore open(S3MediaSettings settings) {
        return new S3MediaStore(client(settings), settings);
    }

    static S3Client client(S3MediaSettings settings) {
        AwsCredentialsProvider credentials = settings.accessKey()
                .<AwsCredentialsProvider>map(key -> StaticCredentialsProvider.create(AwsBasicCredentials.create(key.id(), key.secret())))
                .orElseGet(() -> DefaultCredentialsProvider.builder().build());
        S3ClientBuilder builder = S3Client.builder()
                .httpClientBuilder(ApacheHttpClient.builder()
                        .maxConnections(64)
                        .connectionTimeout(Duration.ofSeconds(2)))
                .region(Region.of(settings.region()))
                .credentialsProvider(credentials)
                .forcePathStyle(settings.pathStyle())
                .overrideConfiguration(o -> o.apiCallTimeout(settings.callTimeout()));
        settings.endpoint().ifPresent(builder::endpointOverride);
        return builder.build();
    }

    public S3MediaSettings settings() {
        return settings;
    }

    @Override
    public void put(MediaKey key, InputStream content, long length, ContentType contentType) {
        if (length < 0) {
            throw new IllegalArgumentException("length must not be negative: " + length);
        }
        ExactLength body = new ExactLength(content, length);
        try {
            client.putObject(b -> b.bucket(settings.bucket()).key(settings.objectKey(key))
                            .contentType(contentType.value()).contentLength(length),
                    RequestBody.fromInputStream(body, length));
        } catch (SdkException e) {
            if (body.endedEarly()) {
                throw new IllegalArgumentException(
                        "the stream ended after " + body.delivered() + " of " + length + " bytes", e);
            }
            throw unavailable("cannot write " + key, e);
        }
    }

    @Override
    public Optional<StoredMedia> get(MediaKey key) {
        ResponseInputStream<GetObjectResponse> object;
        try {
            object = client.getObject(b -> b.bucket(settings.bucket()).key(settings.objectKey(key)));
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (SdkException e) {
            throw unavailable("cannot read " + key, e);
        }
        GetObjectResponse response = object.response();
        return Optional.of(new StoredMedia(object, contentType(response.contentType()), response.contentLength()));
    }

    @Override
    public boolean exists(MediaKey key) {
        try {
            client.headObject(b -> b.bucket(settings.bucket()).key(settings.objectKey(key)));
            return true;
        } catch (NoSuchKeyException e) {
            return false;
        } catch (S3Exception e) {
            // A HEAD answer has no body, so its 404 cannot tell a missing key from a missing bucket:
            // both read as absent here, and a missing bucket shows on the next put or get.
            if (e.statusCode() == 404 && !(e instanceof NoSuchBucketException)) {
                return false;
            }
            throw unavailable("cannot look up " + key, e);
        } catch (SdkException e) {
            throw unavailable("cannot look up " + key, e);
        }
    }

    @Override
    public void delete(MediaKey key) {
        try {
            // S3 answers a delete of a missing key as a success.
            client.deleteObject(b -> b.bucket(settings.bucket()).key(settings.objectKey(key)));
        } catch (SdkException e) {
            throw unavailable("cannot delete " + key, e);
        }
    }

    /** Creates the bucket if it does not exist: for {@code feedline init} and tests, never on a request. */
    public void createBucketIfMissing() {
        try {
            client.headBucket(b -> b.bucket(settings.bucket()));
            return;
        } catch (S3Exception e) {
            if (e.statusCode() != 404) {
                throw unavailable("cannot reach the bucket " + settings.bucket(), e);
            }
        } catch (SdkException e) {
            throw unavailable("cannot reach the bucket " + settings.bucket(), e);
        }
        try {
            client.createBucket(b -> b.bucket(settings.bucket()));
        } catch (SdkException e) {
            throw unavailable("cannot create the bucket " + settings.bucket(), e);
        }
    }

    @Override
    public void close() {
        client.close();
    }

    /** The stored type; one written by another tool with parameters or an odd shape reads as bytes. */
    private static ContentType contentType(String stored) {
        if (stored == null) {
            return ContentType.OCTET_STREAM;
        }
        int semicolon = stored.indexOf(';');
        String bare = (semicolon < 0 ? stored : stored.substring(0, semicolon)).trim();
        try {
            return ContentType.of(bare);
        } catch (FeedlineException.InvalidInput e) {
            return ContentType.OCTET_STREAM;
        }
    }

    private static FeedlineException.StorageUnavailable unavailable(String message, Throwable cause) {
        return new FeedlineException.StorageUnavailable(COMPONENT, message + ": " + cause.getMessage(), cause);
    }

    @Override
    public String toString() {
        return "S3MediaStore[" + settings.bucket() + (settings.keyPrefix().isEmpty() ? "" : "/" + settings.keyPrefix()) + "]";
    }
}
