package io.feedline.ports.fakes;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.contract.PostCacheContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.out.PostCache;
import java.util.List;
import org.junit.jupiter.api.Test;

class InMemoryPostCacheTest extends PostCacheContract {

    @Override
    protected PostCache postCache() {
        return new InMemoryPostCache();
    }

    @Test
    void anUnavailableCacheFailsEveryCall() {
        InMemoryPostCache cache = new InMemoryPostCache();
        cache.setAvailable(false);

        assertThatThrownBy(() -> cache.getAll(List.of(TestIds.postId())))
                .isInstanceOf(FeedlineException.StorageUnavailable.class);
        assertThatThrownBy(() -> cache.tombstone(TestIds.postId()))
                .isInstanceOf(FeedlineException.StorageUnavailable.class);
    }
}
