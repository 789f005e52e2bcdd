package io.feedline.app.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.Password;
import io.feedline.ports.model.PasswordHash;
import org.junit.jupiter.api.Test;

class Argon2idPasswordsTest {
    private final Argon2idPasswords hasher = new Argon2idPasswords();

    @Test
    void hashesAreArgon2idAtTheOwaspFloorInPhcFormat() {
        PasswordHash hash = hasher.hash(new Password("correct horse battery"));

        assertThat(hash.value()).startsWith("$argon2id$v=19$m=19456,t=2,p=1$");
    }

    @Test
    void onlyTheRightPasswordVerifies() {
        PasswordHash hash = hasher.hash(new Password("correct horse battery"));

        assertThat(hasher.verify(new Password("correct horse battery"), hash)).isTrue();
        assertThat(hasher.verify(new Password("correct horse batterY"), hash)).isFalse();
        assertThat(hasher.verify(new Password("correct horse battery"), new PasswordHash("$2a$10$notargon"))).isFalse();
    }

    @Test
    void everyHashHasItsOwnSalt() {
        Password password = new Password("correct horse battery");

        assertThat(hasher.hash(password)).isNotEqualTo(hasher.hash(password));
    }
}
