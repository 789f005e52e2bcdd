package io.feedline.app.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class IdentityRenderCacheTest {
    // Two slots are one pair: every instance shares it.
    private final IdentityRenderCache<String, Integer> pair = new IdentityRenderCache<>(2);

    @Test
    void aValueIsFoundByItsVeryInstanceNotByAnEqualOne() {
        String kept = new String("post");
        pair.put(kept, 1);

        assertThat(pair.get(kept)).isEqualTo(1);
        assertThat(pair.get(new String("post"))).as("an equal instance is another key").isNull();
    }

    @Test
    void aPairKeepsTheTwoInstancesLastStoredAndAThirdPushesTheOlderOut() {
        String a = new String("a");
        String b = new String("b");
        String c = new String("c");
        pair.put(a, 1);
        pair.put(b, 2);
        assertThat(pair.get(a)).isEqualTo(1);
        assertThat(pair.get(b)).isEqualTo(2);

        pair.put(c, 3);

        assertThat(pair.get(a)).isNull();
        assertThat(pair.get(b)).isEqualTo(2);
        assertThat(pair.get(c)).isEqualTo(3);
    }

    @Test
    void storingAnInstanceAgainReplacesItsValueAndKeepsTheOther() {
        String a = new String("a");
        String b = new String("b");
        pair.put(a, 1);
        pair.put(b, 2);

        pair.put(b, 20);

        assertThat(pair.get(b)).isEqualTo(20);
        assertThat(pair.get(a)).isEqualTo(1);
    }

    @Test
    void theTableIsAPowerOfTwoOfAtLeastTwoSlots() {
        assertThatThrownBy(() -> new IdentityRenderCache<String, Integer>(1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new IdentityRenderCache<String, Integer>(24)).isInstanceOf(IllegalArgumentException.class);
    }
}
