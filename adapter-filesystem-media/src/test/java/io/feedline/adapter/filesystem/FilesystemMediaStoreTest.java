package io.feedline.adapter.filesystem;

import io.feedline.ports.contract.MediaStoreContract;
import io.feedline.ports.out.MediaStore;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The MediaStoreContract suite against files under a temporary directory. */
class FilesystemMediaStoreTest extends MediaStoreContract {
    @TempDir
    static Path root;

    @Override
    protected MediaStore mediaStore() {
        return FilesystemMediaStore.open(root);
    }
}
