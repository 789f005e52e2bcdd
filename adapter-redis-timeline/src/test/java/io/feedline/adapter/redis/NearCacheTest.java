package io.feedline.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The near cache's rules on its own: what a reply read while its key changed, or while untracked, leaves behind. */
class NearCacheTest {

    @Test
    void aReplyIsKeptOnlyIfItsKeySawNoInvalidationWhileItWasInFlight() {
        NearCache<String, String> near = new NearCache<>(100);
        near.trackingOn();
        List<String> keys = List.of("tl:{a}", "tl:{b}");
        long[] stamps = near.stamps(keys);

        near.invalidate(List.of("tl:{a}"));
        near.install(keys, List.of("a's reply", "b's reply"), stamps);

        assertThat(near.get("tl:{a}")).as("changed while its read was in flight").isNull();
        assertThat(near.get("tl:{b}")).isEqualTo("b's reply");
    }

    @Test
    void aFlushOrATrackingSwitchWhileInFlightKeepsNoReply() {
        NearCache<String, String> near = new NearCache<>(100);
        near.trackingOn();
        List<String> keys = List.of("tl:{a}");

        long[] stamps = near.stamps(keys);
        near.invalidate(null);
        near.install(keys, List.of("read before the flush"), stamps);
        assertThat(near.get("tl:{a}")).isNull();

        stamps = near.stamps(keys);
        near.trackingLost();
        near.trackingOn();
        near.install(keys, List.of("read before the reconnect"), stamps);
        assertThat(near.get("tl:{a}")).isNull();
    }

    @Test
    void nothingIsKeptOrServedWhileTrackingIsNotOn() {
        NearCache<String, String> near = new NearCache<>(100);
        List<String> keys = List.of("tl:{a}");
        near.install(keys, List.of("untracked"), near.stamps(keys));
        assertThat(near.get("tl:{a}")).isNull();

        near.trackingOn();
        near.install(keys, List.of("tracked"), near.stamps(keys));
        assertThat(near.get("tl:{a}")).isEqualTo("tracked");
        near.trackingLost();
        assertThat(near.get("tl:{a}")).as("once the connection dropped").isNull();
    }
}
