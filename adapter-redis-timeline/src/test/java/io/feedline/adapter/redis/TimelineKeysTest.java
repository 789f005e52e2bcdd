package io.feedline.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.PostId;
import org.junit.jupiter.api.Test;

class TimelineKeysTest {
    private final TimelineKeys keys = new TimelineKeys("run:1:");

    @Test
    void aPostKeyNamesItsPostBack() {
        PostId id = TestIds.postId();

        assertThat(keys.post(id)).isEqualTo("run:1:p:" + id.value());
        assertThat(TimelineKeys.postIdIn(keys.post(id), keys.postPrefix())).contains(id);
    }

    @Test
    void aKeyUnderThePostPrefixThatNamesNoPostIdNamesNoPost() {
        assertThat(TimelineKeys.postIdIn("run:1:p:", keys.postPrefix())).isEmpty();
        assertThat(TimelineKeys.postIdIn("run:1:p:not-an-id", keys.postPrefix())).isEmpty();
        assertThat(TimelineKeys.postIdIn("run:1:p:" + "!".repeat(26), keys.postPrefix())).isEmpty();
    }
}
