package io.feedline.app.bootstrap;

import com.password4j.Argon2Function;
import com.password4j.Password;
import com.password4j.types.Argon2;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.out.PasswordHasher;

/**
 * Argon2id at the OWASP floor (m = 19 MiB, t = 2, p = 1) with a 16-byte random salt, encoded in
 * the PHC string format. Verification reads the parameters from the stored hash, so raising them
 * later leaves existing hashes verifiable.
 */
final class Argon2idPasswords implements PasswordHasher {
    static final int MEMORY_KIB = 19 * 1024;
    static final int ITERATIONS = 2;
    static final int PARALLELISM = 1;
    private static final int HASH_BYTES = 32;
    private static final int SALT_BYTES = 16;

    private final Argon2Function function =
            Argon2Function.getInstance(MEMORY_KIB, ITERATIONS, PARALLELISM, HASH_BYTES, Argon2.ID);

    @Override
    public PasswordHash hash(io.feedline.ports.model.Password password) {
        return new PasswordHash(Password.hash(password.value()).addRandomSalt(SALT_BYTES).with(function).getResult());
    }

    @Override
    public boolean verify(io.feedline.ports.model.Password password, PasswordHash hash) {
        if (!hash.value().startsWith("$argon2id$")) {
            return false;
        }
        try {
            return Argon2Function.getInstanceFromHash(hash.value()).check(password.value(), hash.value());
        } catch (RuntimeException malformed) {
            return false;
        }
    }
}
