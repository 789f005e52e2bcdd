package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.PostId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestIdsTest {

    @Test
    void postIdsIncreaseEvenWithinOneMillisecond() {
        List<PostId> ids = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            ids.add(TestIds.postId());
        }
        for (int i = 1; i < ids.size(); i++) {
            assertThat(ids.get(i)).isGreaterThan(ids.get(i - 1));
        }
    }

    @Test
    void postIdAtCarriesTheGivenMillisecond() {
        Instant at = Instant.parse("2024-05-06T07:08:09.123Z");
        PostId id = TestIds.postIdAt(at);
        assertThat(id.epochMillis()).isEqualTo(at.toEpochMilli());
        assertThat(TestIds.postIdAt(at)).isNotEqualTo(id);
    }

    @Test
    void ulidEncodesTimeAndTailInCrockfordBase32() {
        assertThat(TestIds.ulid(0, 0, 0)).isEqualTo("00000000000000000000000000");
        assertThat(TestIds.ulid((1L << 48) - 1, 0xFFFF, -1L)).isEqualTo("7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
        assertThat(TestIds.ulid(1, 0, 1)).isEqualTo("00000000010000000000000001");
        assertThat(TestIds.ulid(0, 1, 0)).isEqualTo("0000000000000G000000000000");
    }

    @Test
    void usernamesAndEmailsAreUniqueAndValid() {
        var names = new HashSet<String>();
        var emails = new HashSet<String>();
        for (int i = 0; i < 1000; i++) {
            assertThat(names.add(TestIds.username().value())).isTrue();
            assertThat(emails.add(TestIds.email().value())).isTrue();
        }
        assertThat(names).allMatch(n -> n.matches("[a-z0-9_]{3,30}"));
    }

    @Test
    void userIdsAreUnique() {
        var ids = new HashSet<String>();
        for (int i = 0; i < 1000; i++) {
            assertThat(ids.add(TestIds.userId().value())).isTrue();
        }
    }
}
