package io.feedline.ports.out;

import io.feedline.ports.model.Password;
import io.feedline.ports.model.PasswordHash;
import java.util.function.Supplier;

/** One-way password hashing. Kept behind a port so the domain stays free of crypto libraries. */
public interface PasswordHasher {

    /** A salted, slow hash of the password, self-describing (algorithm and parameters included). */
    PasswordHash hash(Password password);

    /** Whether the password matches the hash, in time independent of where they differ. */
    boolean verify(Password password, PasswordHash hash);

    /**
     * Runs {@code check}, a credential check (the lookup of a stored hash, then its {@link #verify}),
     * once this hasher can take it. A hasher that bounds how many hashes run at once admits the
     * whole check, so a caller it refuses for overload has cost no lookup either, and the hashes
     * and verifications inside {@code check} run on the admission it holds. The default runs
     * {@code check} at once.
     */
    default <T> T admit(Supplier<T> check) {
        return check.get();
    }
}
