package io.feedline.ports.fakes;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.out.PasswordHasher;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.function.Supplier;

/**
 * A fast salted SHA-256 hasher for tests, in a PHC-like string ({@code $sha256$<salt>$<hash>}).
 * It keeps the contract (salted, self-describing, constant-time compare) without argon2id's
 * deliberate slowness, which only the product needs.
 */
public final class FakePasswordHasher implements PasswordHasher {
    private static final String ID = "sha256";
    private static final Base64.Encoder ENCODER = Base64.getEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getDecoder();

    private final SecureRandom random = new SecureRandom();
    private final CallLog calls = new CallLog();
    private volatile boolean overloaded;

    public CallLog calls() {
        return calls;
    }

    /** From now on, refuses every admission as a bounded hasher with no free slot does: {@link FeedlineException.Overloaded}. */
    public void overload() {
        overloaded = true;
    }

    @Override
    public <T> T admit(Supplier<T> check) {
        calls.record("admit");
        if (overloaded) {
            throw new FeedlineException.Overloaded("every hashing slot is taken", Duration.ofSeconds(1));
        }
        return check.get();
    }

    @Override
    public PasswordHash hash(Password password) {
        calls.record("hash");
        byte[] salt = new byte[16];
        random.nextBytes(salt);
        return new PasswordHash("$" + ID + "$" + ENCODER.encodeToString(salt) + "$" + ENCODER.encodeToString(digest(salt, password)));
    }

    @Override
    public boolean verify(Password password, PasswordHash hash) {
        calls.record("verify");
        String[] parts = hash.value().split("\\$", -1);
        if (parts.length != 4 || !parts[0].isEmpty() || !parts[1].equals(ID)) {
            return false;
        }
        try {
            byte[] salt = DECODER.decode(parts[2]);
            byte[] expected = DECODER.decode(parts[3]);
            return MessageDigest.isEqual(expected, digest(salt, password));
        } catch (IllegalArgumentException malformed) {
            return false;
        }
    }

    private static byte[] digest(byte[] salt, Password password) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(salt);
            return sha.digest(password.value().getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK ships SHA-256", e);
        }
    }
}
