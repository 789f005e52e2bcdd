package io.feedline.adapter.s3;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.MediaStoreContract;
import io.feedline.ports.out.MediaStore;
import org.junit.jupiter.api.AfterAll;

/** The MediaStoreContract suite against S3Proxy, virtual-host addressing, no key prefix. */
class S3VirtualHostMediaStoreTest extends MediaStoreContract {
    private static final String BUCKET = "feedline-virtual";
    private static MediaStore store;

    @Override
    protected synchronized MediaStore mediaStore() {
        if (store == null) {
            store = S3TestServer.shared().store(BUCKET, "", false);
        }
        return store;
    }

    @AfterAll
    static void theBucketWasAddressedByItsHostName() {
        assertThat(LoopbackNames.asked()).contains(BUCKET + ".localhost");
    }
}
