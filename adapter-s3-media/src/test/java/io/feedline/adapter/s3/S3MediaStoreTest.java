package io.feedline.adapter.s3;

import io.feedline.ports.contract.MediaStoreContract;
import io.feedline.ports.out.MediaStore;

/** The MediaStoreContract suite against S3Proxy, path-style, with a key prefix. */
class S3MediaStoreTest extends MediaStoreContract {
    private static MediaStore store;

    @Override
    protected synchronized MediaStore mediaStore() {
        if (store == null) {
            store = S3TestServer.shared().store("feedline-media", "test/path-style", true);
        }
        return store;
    }
}
