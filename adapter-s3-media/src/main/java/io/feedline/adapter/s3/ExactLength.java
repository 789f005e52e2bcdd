package io.feedline.adapter.s3;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The upload's stream, cut at the stated length and watched for ending before it. The SDK sends
 * what it reads; when the stream ends early the upload fails (S3 stores nothing for a request
 * shorter than its Content-Length) and the store reports the caller's mistake rather than an
 * engine failure.
 */
final class ExactLength extends FilterInputStream {
    private final long length;
    private long delivered;
    private long marked;
    private boolean endedEarly;

    ExactLength(InputStream in, long length) {
        super(in);
        this.length = length;
    }

    @Override
    public int read() throws IOException {
        if (delivered >= length) {
            return -1;
        }
        int b = super.read();
        if (b < 0) {
            return ended();
        }
        delivered++;
        return b;
    }

    @Override
    public int read(byte[] buffer, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (delivered >= length) {
            return -1;
        }
        int n = super.read(buffer, off, (int) Math.min(len, length - delivered));
        if (n < 0) {
            return ended();
        }
        delivered += n;
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(Math.min(n, length - delivered));
        delivered += skipped;
        return skipped;
    }

    @Override
    public int available() throws IOException {
        return (int) Math.min(super.available(), length - delivered);
    }

    @Override
    public synchronized void mark(int readlimit) {
        super.mark(readlimit);
        marked = delivered;
    }

    @Override
    public synchronized void reset() throws IOException {
        super.reset();
        delivered = marked;
    }

    private int ended() throws IOException {
        endedEarly = true;
        throw new IOException("the stream ended after " + delivered + " of " + length + " bytes");
    }

    boolean endedEarly() {
        return endedEarly;
    }

    long delivered() {
        return delivered;
    }

    /** The caller's stream is the caller's to close. */
    @Override
    public void close() {}
}
