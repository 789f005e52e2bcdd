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
    void markedAuthorIsListed() {
        CelebrityRegistry registry = celebrityRegistry();
        UserId star = TestIds.userId();

        registry.mark(star);

        assertThat(registry.all()).contains(star);
    }

    @Test
    void markingIsIdempotent() {
        CelebrityRegistry registry = celebrityRegistry();
        UserId star = TestIds.userId();

        registry.mark(star);
        registry.mark(star);

        assertThat(registry.all()).containsOnlyOnce(star);
    }

    @Test
    void neverMarkedAuthorIsNotListed() {
        CelebrityRegistry registry = celebrityRegistry();
        UserId nobody = TestIds.userId();
        registry.mark(TestIds.userId());

        assertThat(registry.all()).doesNotContain(nobody);
    }

    @Test
    void markingOneKeepsTheOthersMarked() {
        CelebrityRegistry registry = celebrityRegistry();
        UserId a = TestIds.userId();
        UserId b = TestIds.userId();
        UserId c = TestIds.userId();
        registry.mark(a);
        registry.mark(b);
        assertThat(registry.all()).contains(a, b).doesNotContain(c);

        registry.mark(c);

        assertThat(registry.all()).contains(a, b, c);
    }
}
