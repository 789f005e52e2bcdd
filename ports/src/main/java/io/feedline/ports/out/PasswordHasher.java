package io.feedline.ports.out;

import io.feedline.ports.model.Password;
import io.feedline.ports.model.PasswordHash;

/** One-way password hashing. Kept behind a port so the domain stays free of crypto libraries. */
public interface PasswordHasher {

    /** A salted, slow hash of the password, self-describing (algorithm and parameters included). */
    PasswordHash hash(Password password);

    /** Whether the password matches the hash, in time independent of where they differ. */
    boolean verify(Password password, PasswordHash hash);
}
