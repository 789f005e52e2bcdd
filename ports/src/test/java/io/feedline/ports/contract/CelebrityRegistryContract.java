package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.UserId;
import io.feedline.ports.out.CelebrityRegistry;
import org.junit.jupiter.api.Test;

/**
 * What every {@link CelebrityRegistry} must do. Other tests' authors may be listed too, so each
 * test asserts on its own fresh ids only.
 */
public abstract class CelebrityRegistryContract {

    /** The registry under test; called at most once per test. */
    protected abstract CelebrityRegistry celebrityRegistry();

    @Test
    void markedAuthorIsListedUntilUnmarked() {
        CelebrityRegistry registry = celebrityRegistry();
        UserId star = TestIds.userId();

        registry.mark(star);
        assertThat(registry.all()).contains(star);

        registry.unmark(star);
        assertThat(registry.all()).doesNotContain(star);
    }

    @Test
    void markingAndUnmarkingAreIdempotent() {
        CelebrityRegistry registry = celebrityRegistry();
        UserId star = TestIds.userId();

        registry.mark(star);
        registry.mark(star);
        assertThat(registry.all()).containsOnlyOnce(star);

        registry.unmark(star);
        registry.unmark(star);
        assertThat(registry.all()).doesNotContain(star);
    }

    @Test
    void neverMarkedAuthorIsNotListedAndUnmarkingItIsHarmless() {
        CelebrityRegistry registry = celebrityRegistry();
        UserId nobody = TestIds.userId();

        registry.unmark(nobody);

        assertThat(registry.all()).doesNotContain(nobody);
    }

    @Test
    void unmarkingOneLeavesTheOthers() {
        CelebrityRegistry registry = celebrityRegistry();
        UserId a = TestIds.userId();
        UserId b = TestIds.userId();
        UserId c = TestIds.userId();
        registry.mark(a);
        registry.mark(b);
        registry.mark(c);

        registry.unmark(b);

        assertThat(registry.all()).contains(a, c).doesNotContain(b);
    }
}
