package io.feedline.adapter.s3;

import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;

/**
 * A real S3 server in the test JVM: S3Proxy on its in-memory blobstore, on a free loopback port,
 * checking AWS signatures, and answering virtual-host requests for {@code *.localhost} (resolved
 * by {@link LoopbackNames}). One per JVM, started on first use and stopped at exit. It needs
 * nothing installed; when it cannot start, the tests that need it fail and say why.
 */
final class S3TestServer {
    static final String ACCESS_KEY = "feedline-test";
    static final String SECRET_KEY = "feedline-test-secret";
    static final String VIRTUAL_HOST = "localhost";

    private static S3TestServer shared;

    private final S3Proxy proxy;

    private S3TestServer(S3Proxy proxy) {
        this.proxy = proxy;
    }

    static synchronized S3TestServer shared() {
        if (shared == null) {
            shared = start();
            Runtime.getRuntime().addShutdownHook(new Thread(shared::stop, "s3proxy-stop"));
        }
        return shared;
    }

    private static S3TestServer start() {
        S3Proxy proxy = S3Proxy.builder()
                .blobStore(new TransientNio2BlobStore())
                .endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                .virtualHost(VIRTUAL_HOST)
                .build();
        try {
            proxy.start();
            await("S3Proxy started").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(10))
                    .until(() -> "STARTED".equals(proxy.getState()));
        } catch (Exception e) {
            throw new AssertionError("The in-process S3 server (S3Proxy, org.gaul:s3proxy in adapter-s3-media's test "
                    + "scope) did not start: " + e + ". It needs nothing installed: let Maven resolve it (run the build "
                    + "once without -o) and check that the JVM may bind a loopback port.", e);
        }
        return new S3TestServer(proxy);
    }

    int port() {
        return proxy.getPort();
    }

    /** Settings for {@code bucket} on this server, path-style or virtual-host. */
    S3MediaSettings settings(String bucket, String keyPrefix, boolean pathStyle) {
        // S3Proxy reads a bucket from any Host but its virtual host itself, so both styles name it.
        return new S3MediaSettings(Optional.of(URI.create("http://" + VIRTUAL_HOST + ":" + port())), "us-east-1", bucket, keyPrefix,
                pathStyle, Optional.of(new S3MediaSettings.AccessKey(ACCESS_KEY, SECRET_KEY)), Duration.ofSeconds(30));
    }

    /** A store on {@code bucket}, which is created if missing. */
    S3MediaStore store(String bucket, String keyPrefix, boolean pathStyle) {
        S3MediaStore store = S3MediaStore.open(settings(bucket, keyPrefix, pathStyle));
        store.createBucketIfMissing();
        return store;
    }

    private void stop() {
        try {
            proxy.stop();
        } catch (Exception ignored) {
            // The JVM is exiting.
        }
    }
}
