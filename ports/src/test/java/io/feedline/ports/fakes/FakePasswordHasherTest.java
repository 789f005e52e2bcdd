package io.feedline.ports.fakes;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.Password;
import io.feedline.ports.model.PasswordHash;
import org.junit.jupiter.api.Test;

class FakePasswordHasherTest {
    private final FakePasswordHasher hasher = new FakePasswordHasher();

    @Test
    void theRightPasswordVerifiesAndAWrongOneDoesNot() {
        PasswordHash hash = hasher.hash(new Password("correct horse"));

        assertThat(hasher.verify(new Password("correct horse"), hash)).isTrue();
        assertThat(hasher.verify(new Password("correct horsE"), hash)).isFalse();
    }

    @Test
    void hashesAreSaltedAndSelfDescribing() {
        PasswordHash first = hasher.hash(new Password("same password"));
        PasswordHash second = hasher.hash(new Password("same password"));

        assertThat(first).isNotEqualTo(second);
        assertThat(first.value()).startsWith("$sha256$").doesNotContain("same password");
        assertThat(hasher.verify(new Password("same password"), second)).isTrue();
    }

    @Test
    void aMalformedOrForeignHashNeverVerifies() {
        assertThat(hasher.verify(new Password("whatever1"), new PasswordHash("$argon2id$v=19$m=1$abc$def"))).isFalse();
        assertThat(hasher.verify(new Password("whatever1"), new PasswordHash("$sha256$%%%$@@@"))).isFalse();
        assertThat(hasher.verify(new Password("whatever1"), new PasswordHash("plain"))).isFalse();
    }
}
