package io.feedline.bench;

import java.net.URI;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;

/**
 * A real S3 server in this process, as adapter-s3-media's tests start one: S3Proxy on its in-memory
 * blobstore, on a free loopback port, checking AWS signatures. The media store reaches it path-style
 * over HTTP, as it would reach any S3-compatible server; only the network and the disk are left out.
 */
final class InProcessS3 implements AutoCloseable {
    static final String ACCESS_KEY = "feedline-bench";
    static final String SECRET_KEY = "feedline-bench-secret";

    private final S3Proxy proxy;

    private InProcessS3(S3Proxy proxy) {
        this.proxy = proxy;
    }

    static InProcessS3 start() {
        S3Proxy proxy = S3Proxy.builder()
                .blobStore(new TransientNio2BlobStore())
                .endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                .build();
        try {
            proxy.start();
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (!"STARTED".equals(proxy.getState())) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("S3Proxy is " + proxy.getState() + " after 30 s");
                }
                Thread.sleep(10);
            }
        } catch (Exception e) {
            try {
                proxy.stop();
            } catch (Exception ignored) {
                // it did not start
            }
            throw new IllegalStateException("the in-process S3 server (S3Proxy) did not start: " + e, e);
        }
        return new InProcessS3(proxy);
    }

    String endpoint() {
        return "http://127.0.0.1:" + proxy.getPort();
    }

    @Override
    public void close() {
        try {
            proxy.stop();
        } catch (Exception e) {
            throw new IllegalStateException("S3Proxy did not stop", e);
        }
    }
}
